import Foundation
import ObjectGraph
import RESTTestServer
import Synchronization

/// Folders (`/Folder`, by the generic test API) holding notes listed under the folder's name
/// (`/folders/:folder.name/notes`): a list URL with a placeholder, so each fetch of notes links them to
/// the folder the predicate names.
enum FolderModel {
    static let model = ModelDescription(name: "Folders", entities: [
        EntityDescription(name: "Folder", attributes: [AttributeDescription(name: "name", type: .string, isOptional: false)],
                          relationships: [RelationshipDescription(name: "notes", destination: "Note", inverse: "folder", isToMany: true)]),
        EntityDescription(name: "Note", attributes: [AttributeDescription(name: "title", type: .string)],
                          relationships: [RelationshipDescription(name: "folder", destination: "Folder", inverse: "notes")]),
    ])

    static let mappings = [
        "Folder": RESTEntityMapping(path: RESTPath([.literal("/Folder")]), attributes: [RESTAttributeMapping(attribute: "name", keyPath: ["name"])]),
        "Note": RESTEntityMapping(path: RESTPath([.literal("/folders/"), .value(["folder", "name"]), .literal("/notes")]),
                                  attributes: [RESTAttributeMapping(attribute: "title", keyPath: ["title"])]),
    ]
}

/// The generic API for ``FolderModel``'s folders, and `GET /folders/{name}/notes`, which answers one new note
/// (a new identifier each time, without its folder) so that every fetch has a note to link.
final class FolderNotesAPI: TestAPI {
    let folders = GenericCRUDAPI(model: FolderModel.model, mappings: FolderModel.mappings)
    private let nextNote = Mutex(1)

    func respond(to request: ServerRequest) -> ServerResponse {
        guard request.method == "GET", request.segments.count == 3, request.segments[0] == "folders", request.segments[2] == "notes" else {
            return folders.respond(to: request)
        }
        let number = nextNote.withLock { next in
            defer { next += 1 }
            return next
        }
        return .json([["id": number, "title": "note \(number) of \(request.segments[1])"]])
    }
}
