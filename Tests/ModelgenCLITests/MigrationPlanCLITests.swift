import Foundation
import Testing

/// The migration chains beside the repository, named by `MODELGEN_MIGRATIONS` (`.ci/run` sets it to
/// `../shared/migrations`).
enum Migrations {
    static let folder: String? = ProcessInfo.processInfo.environment["MODELGEN_MIGRATIONS"].flatMap { $0.isEmpty ? nil : $0 }
}

@Suite(
    "modelgen migration-plan on real version chains",
    .enabled(if: ModelgenProcess.executablePath != nil, "the modelgen binary was not found next to the tests"),
    .enabled(if: Migrations.folder != nil, "MODELGEN_MIGRATIONS is not set; set it to the migration chains folder (../shared/migrations)")
)
struct MigrationPlanCLITests {
    /// Runs `migration-plan` and compares its standard output, standard error and status with a golden file,
    /// the chains folder written `$MODELGEN_MIGRATIONS`. `MODELGEN_UPDATE_GOLDENS=1` rewrites the file.
    private func check(_ golden: String, _ arguments: [String]) throws {
        let folder = try #require(Migrations.folder)
        let output = try ModelgenProcess.run(["migration-plan"] + arguments.map { $0.replacingOccurrences(of: "$MODELGEN_MIGRATIONS", with: folder) })
        let text = "status: \(output.status)\n--- standard output\n\(output.standardOutput)--- standard error\n\(output.standardError)"
            .replacingOccurrences(of: folder, with: "$MODELGEN_MIGRATIONS")
        let path = ModelgenProcess.golden(golden)
        if ProcessInfo.processInfo.environment["MODELGEN_UPDATE_GOLDENS"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(text == (try String(contentsOfFile: path, encoding: .utf8)))
    }

    @Test("Moody 1 → 6 without custom steps: the mapping-model pairs are located errors, exit 1")
    func moody() throws {
        try check("migration-plan-moody.txt", ["$MODELGEN_MIGRATIONS/moody/Moody.xcdatamodeld"])
    }

    @Test("Moody 1 → 6 with the custom steps its mapping models stand for: exit 0")
    func moodyCustom() throws {
        try check("migration-plan-moody-custom.txt", [
            "$MODELGEN_MIGRATIONS/moody/Moody.xcdatamodeld",
            "--custom-step", "Moody 2->Moody 3", "--custom-step", "Moody 4->Moody 5", "--custom-step", "Moody 5->Moody 6",
        ])
    }

    @Test("Moody --from/--to picks a range")
    func moodyRange() throws {
        try check("migration-plan-moody-3-5.txt", ["$MODELGEN_MIGRATIONS/moody/Moody.xcdatamodeld", "--from", "Moody 3", "--to", "Moody 5"])
    }

    @Test("Simplenote 2 → 7 (7 comes after the current version 6, so --to names it)")
    func simplenote() throws {
        try check("migration-plan-simplenote.txt", ["$MODELGEN_MIGRATIONS/simplenote/Simplenote.xcdatamodeld", "--to", "Simplenote 7"])
    }

    @Test("A custom step declared in modelgen.json counts like --custom-step; a bad pair is refused")
    func configuredCustomSteps() throws {
        let folder = try #require(Migrations.folder)
        let directory = NSTemporaryDirectory() + "modelgen-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/modelgen.json"
        try #"{"customMigrations": {"Moody": [{"from": "Moody 2", "to": "Moody 3"}]}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let bundle = folder + "/moody/Moody.xcdatamodeld"
        let configured = try ModelgenProcess.run("migration-plan", bundle, "--from", "Moody 2", "--to", "Moody 3", "--config", config)
        #expect(configured.status == 0, "\(configured.standardError)")
        #expect(configured.standardOutput.hasPrefix("Moody 2 → Moody 3 (custom step declared)\n"))
        let bad = try ModelgenProcess.run("migration-plan", bundle, "--custom-step", "Moody 2 to Moody 3")
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("is not written FROM->TO"))
        let unknown = try ModelgenProcess.run("migration-plan", bundle, "--from", "Moody 9")
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("'Moody 9' is not a version of"))
    }
}
