// Saves to a SQLite file in a loop until killed: the crash test of ObjectGraphSQLiteTests runs it and
// sends SIGKILL in the middle. Each save inserts one Label and three Bands named after the save's
// number; after each committed save the writer prints `saved <number>` (unbuffered).
//
// Usage: sqlite-crash-writer <database path> [save count, default unlimited]
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: sqlite-crash-writer <database path> [save count]\n".utf8))
    exit(2)
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
