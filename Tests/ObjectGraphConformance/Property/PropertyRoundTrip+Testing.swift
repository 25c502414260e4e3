import ObjectGraph
import Testing

extension PropertyRoundTrip {
    /// Runs the round trips of `seeds` with ``PropertyObject``s, recording each failure as a Swift Testing
    /// issue, and returns what they did together.
    public func check(seeds: ClosedRange<UInt64>) async -> Report {
        var report = Report()
        for seed in seeds {
            do { report.add(try await run(seed: seed)) } catch { Issue.record("\(error)") }
        }
        return report
    }
}
