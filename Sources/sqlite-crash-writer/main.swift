// Saves to a SQLite file in a loop until killed: the crash test of ObjectGraphSQLiteTests runs it and
// sends SIGKILL in the middle. Each save inserts one Label and three Bands named after the save's
// number; after each committed save the writer prints `saved <number>` (unbuffered).
//
// With `migrate`, it opens a database written by `MusicHistory.firstVersion` with the current Music
// model instead, printing `migrating` first and `migrated` once the migration committed; the crash test
// kills it in between.
//
// Usage: sqlite-crash-writer <database path> [save count, default unlimited]
//        sqlite-crash-writer migrate <database path>
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: sqlite-crash-writer <database path> [save count]\n".utf8))
    exit(2)
}
if arguments[1] == "migrate", arguments.count >= 3 {
    FileHandle.standardOutput.write(Data("migrating\n".utf8))
    do {
        _ = try await SQLiteStore(at: .file(arguments[2]), model: MusicHistory.model)
        FileHandle.standardOutput.write(Data("migrated\n".utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("sqlite-crash-writer: \(error)\n".utf8))
        exit(1)
    }
}
let limit = arguments.count >= 3 ? Int(arguments[2]) ?? Int.max : Int.max

do {
    let store = try await SQLiteStore(at: .file(arguments[1]), model: MusicModel.model.schema)
    let context = try ObjectContext(store: store, model: MusicModel.model)
    var number = 1
    while number <= limit {
        let label = Label(context: context, name: "label \(number)")
        for member in 1...3 {
            Band(context: context, name: "band \(number)-\(member)").setLabel(label)
        }
        try await context.save()
        FileHandle.standardOutput.write(Data("saved \(number)\n".utf8))
        number += 1
    }
} catch {
    FileHandle.standardError.write(Data("sqlite-crash-writer: \(error)\n".utf8))
    exit(1)
}
