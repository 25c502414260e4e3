import DataModel
import Foundation
import ModelGenerator
import Testing

/// Corpus entries that are versions of one bundle (same repository and bundle path in `MANIFEST.tsv`),
/// put together into one bundle per chain.
private enum CorpusChains {
    static let folder: String? = ProcessInfo.processInfo.environment["MODELGEN_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }

    /// Each chain's version folders (absolute paths), by `repository|bundle path`.
    static let chains: [String: [String]] = {
        guard let folder, let manifest = try? String(contentsOfFile: folder + "/MANIFEST.tsv", encoding: .utf8) else { return [:] }
        var chains: [String: [String]] = [:]
        for line in manifest.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count > 2, let range = columns[2].range(of: ".xcdatamodeld/") else { continue }
            let bundle = String(columns[2][..<range.upperBound])
            let versionFolder = columns[2][range.upperBound...].split(separator: "/").first.map(String.init) ?? ""
            let path = folder + "/" + columns[0] + "/" + (bundle as NSString).lastPathComponent + "/" + versionFolder
            guard FileManager.default.fileExists(atPath: path) else { continue }
            chains[columns[1] + "|" + bundle, default: []].append(path)
        }
        return chains.filter { $0.value.count > 1 }
    }()
}

@Suite("Migration plans of the corpus's version chains",
       .enabled(if: CorpusChains.folder != nil, "MODELGEN_CORPUS is not set; set it to the corpus folder (../shared/corpus)"))
struct CorpusVersionChainTests {
    @Test("The corpus holds chains of several versions of one bundle")
    func chainsPresent() {
        #expect(CorpusChains.chains.count >= 3)
    }

    @Test("Every consecutive pair of every chain gives a plan or located errors", arguments: CorpusChains.chains.keys.sorted())
    func chain(key: String) throws {
        let folder = try TestModels.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Chain.xcdatamodeld")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        for version in CorpusChains.chains[key] ?? [] {
            try FileManager.default.copyItem(atPath: version, toPath: bundle.appendingPathComponent((version as NSString).lastPathComponent).path)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: bundle.path).filter { $0.hasSuffix(".xcdatamodel") }
        let loaded = ModelLoader().loadVersions(path: bundle.path, order: VersionOrder.sorted(names.map { String($0.dropLast(".xcdatamodel".count)) }))
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        let plans = MigrationPlanner().plan(loaded.history)
        #expect(plans.count == loaded.history.count - 1)
        for plan in plans {
            for problem in plan.problems {
                #expect(problem.location != nil && problem.path.hasSuffix("/contents"), "\(problem)")
            }
            for step in plan.steps {
                #expect(step.path == loaded.version(named: plan.to)?.contentsPath)
            }
        }
    }
}
