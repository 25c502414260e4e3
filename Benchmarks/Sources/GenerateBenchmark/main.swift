// Times the generator's stages (read + validate, view model, render, write) on a model.
// Usage: swift run -c release GenerateBenchmark synthetic ENTITIES [--keep DIR] | MODEL_PATH [--file-per model]
//        [--templates DIR] [--runs R]
// `--templates DIR` renders with the templates of DIR overriding the built-in ones, as `modelgen generate
// --templates` does (swift-mustache renders them, not the fast path); `--runs` (default 5) takes the median
// of R runs, 1 for profiling under `valgrind --tool=callgrind`.
import DataModel
import Foundation
import ModelGenerator

let arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else {
    print("usage: GenerateBenchmark synthetic ENTITIES [--keep DIR] | MODEL_PATH")
    exit(2)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("modelgen-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
let keep = arguments.firstIndex(of: "--keep").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let modelPath = first == "synthetic"
    ? try SyntheticModel.write(entityCount: Int(arguments.dropFirst().first ?? "1000") ?? 1000,
                               under: keep.map { URL(fileURLWithPath: $0) } ?? scratch)
    : first

func seconds(_ duration: Duration) -> String {
    String(format: "%.3f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}

let options = GenerationOptions(fileLayout: arguments.contains("model") ? .model : .entity)
let templates = arguments.firstIndex(of: "--templates").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let runCount = arguments.firstIndex(of: "--runs").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 5
let renderer = try CodeRenderer(sources: templates.map { try TemplateSources.embedded.overridden(by: URL(fileURLWithPath: $0)) } ?? .embedded)
var runs: [(read: Duration, viewModel: Duration, render: Duration, write: Duration, files: Int, lines: Int)] = []
for run in 0..<max(1, runCount) {
    let output = OutputDirectory(url: scratch.appendingPathComponent("output-\(run)"))
    let clock = ContinuousClock()
    let start = clock.now
    let loaded = ModelLoader().load(path: modelPath)
    guard let model = loaded.model, let contentsPath = loaded.contentsPath, !loaded.hasErrors else {
        loaded.diagnostics.forEach { print($0) }
        exit(1)
    }
    let read = clock.now
    let (context, diagnostics) = ViewModelBuilder(options: options).build(
        model, modelName: ModelGeneration.modelName(of: modelPath), modelFileName: "Model.xcdatamodel", path: contentsPath,
        contents: try? String(contentsOfFile: contentsPath, encoding: .utf8))
    guard !diagnostics.containsErrors else {
        diagnostics.forEach { print($0) }
        exit(1)
    }
    let built = clock.now
    let files = try renderer.render(context, layout: options.fileLayout)
    let rendered = clock.now
    try output.write(files)
    let written = clock.now
    runs.append((read - start, built - read, rendered - built, written - rendered, files.count,
                 lineCount(of: files)))
}
let median = runs.sorted { ($0.read + $0.viewModel + $0.render + $0.write) < ($1.read + $1.viewModel + $1.render + $1.write) }[runs.count / 2]
let total = median.read + median.viewModel + median.render + median.write
print("model: \(modelPath)")
print("output: \(median.files) files, \(median.lines) lines (median of \(runs.count) runs)")
print("read + validate: \(seconds(median.read))")
print("view model:      \(seconds(median.viewModel))")
print("render:          \(seconds(median.render)) (\(Int((median.render / total) * 100)) % of the total)")
print("write:           \(seconds(median.write))")
print("total:           \(seconds(total))")
try? FileManager.default.removeItem(at: scratch)
