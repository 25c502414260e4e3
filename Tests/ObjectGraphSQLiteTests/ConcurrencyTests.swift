import Foundation
import ObjectGraph
import ObjectGraphConformance
@testable import ObjectGraphSQLite
import Testing

/// Several contexts in several tasks on one store at once.
@Suite struct ConcurrencyTests {
    @Test(arguments: [false, true])
    func contextsInParallelTasksShareOneStore(onFile: Bool) async throws {
        let directory = try TemporaryDirectory()
        let location: SQLiteStore.Location = onFile ? .file(directory.path("shared.sqlite")) : .inMemory
        let store = try await SQLiteStore(at: location, model: MusicModel.model.schema)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<6 {
                group.addTask {
                    let context = try ObjectContext(store: store, model: MusicModel.model)
                    for round in 0..<10 {
                        let label = Label(context: context, name: "label \(worker)-\(round)")
                        for member in 0..<5 {
                            Band(context: context, name: "band \(worker)-\(round)-\(member)").setLabel(label)
                        }
                        try await context.save()
                        let mine = try await context.count(Band.self, where: \.name >= "band \(worker)-" && \.name < "band \(worker)-~")
                        #expect(mine == (round + 1) * 5)
                    }
                    return worker
                }
            }
            var finished = 0
            for try await _ in group { finished += 1 }
            #expect(finished == 6)
        }
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 300)
        let labels = try await store.fetch(StoreFetchRequest(entityName: "Label"))
        let members = try await store.relatedIDs(for: "bands", of: "Label", ids: labels.map(\.id))
        #expect(members.values.allSatisfy { $0.count == 5 })
        #expect(Set(labels.map(\.id.key)).count == 60)
    }

    @Test func storeWorkRunsOnTheStoresOwnThread() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema)
        #expect(await store.isOnStoreThread)
        let other = try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema)
        #expect(await other.isOnStoreThread)
    }

    @Test func twoStoresOnOneFileShareKeysAndData() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("two-stores.sqlite")
        let stores = [try await SQLiteStore(at: .file(path), model: MusicModel.model.schema),
                      try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (number, store) in stores.enumerated() {
                group.addTask {
                    let context = try ObjectContext(store: store, model: MusicModel.model)
                    for round in 0..<20 {
                        _ = Tag(context: context, name: "tag-\(number)-\(round)")
                        try await context.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        for store in stores {
            let tags = try await store.fetch(StoreFetchRequest(entityName: "Tag"))
            #expect(tags.count == 40)
            #expect(Set(tags.map(\.id)).count == 40)
        }
    }
}
