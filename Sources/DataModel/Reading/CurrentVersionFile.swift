import Foundation

/// What a bundle's `.xccurrentversion` property list says.
enum CurrentVersionFile: Equatable {
    /// There is no `.xccurrentversion` file.
    case missing
    /// The file names no version (an empty `<dict/>` or an empty name).
    case empty
    /// The file names this version folder (with its `.xcdatamodel` extension).
    case named(String)

    static let fileName = ".xccurrentversion"

    /// Reads the file in `bundlePath`. It is a property list with a DOCTYPE, so it goes through
    /// `PropertyListSerialization`, never through the model's XML parser.
    static func read(bundlePath: String) throws(ModelReadError) -> CurrentVersionFile {
        let path = bundlePath + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { return .missing }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ModelReadError("\(fileName) is not a valid property list", path: path)
        }
        guard let dictionary = plist as? [String: Any] else {
            throw ModelReadError("\(fileName) is not a property list dictionary", path: path)
        }
        guard let name = dictionary["_XCCurrentVersionName"] as? String, !name.isEmpty else { return .empty }
        return .named(name)
    }
}
