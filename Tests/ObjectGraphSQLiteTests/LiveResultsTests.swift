import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Live results and their randomized differential test on a SQLite file.
@Test(.timeLimit(.minutes(10)), arguments: LiveResultsConformance.Check.allCases)
func sqliteLiveResults(_ check: LiveResultsConformance.Check) async throws {
    let directory = try TemporaryDirectory()
    try await LiveResultsConformance { model in
        try await SQLiteStore(at: .file(directory.path("live.sqlite")), model: model)
    }.run(check)
}
