// Times reading (libxml2 parse + decode) and loading (read + validate) one model, in process.
// Usage: swift run -c release ReadModelBenchmark PATH [ITERATIONS]
import DataModel
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: ReadModelBenchmark PATH [ITERATIONS]")
    exit(2)
}
let iterations = arguments.dropFirst().first.flatMap(Int.init) ?? 50

func measure(_ label: String, _ body: () -> Void) {
    body()  // warm-up: file cache, libxml2 set-up
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<iterations {
        let elapsed = clock.measure(body)
        samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }
    samples.sort()
    let median = samples[samples.count / 2]
    print("\(label): median \(String(format: "%.2f", median)) ms, min \(String(format: "%.2f", samples[0])) ms over \(iterations) runs")
}

let loaded = ModelLoader().load(path: path)
guard let model = loaded.model else {
    print(loaded.diagnostics.map(\.description).joined(separator: "\n"))
    exit(1)
}
print("\(path): \(model.entities.count) entities, \(loaded.diagnostics.count) diagnostics")
measure("read (parse + decode)") { _ = try? ModelReader().read(path: path) }
measure("load (read + validate)") { _ = ModelLoader().load(path: path) }
