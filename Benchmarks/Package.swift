// swift-tools-version: 6.2
import PackageDescription

// Benchmarks, kept out of the main package so that users never build them.
// Run from this folder: swift run -c release ReadModelBenchmark PATH [ITERATIONS]
//                       swift run -c release GenerateBenchmark synthetic 1000 | PATH

let package = Package(
    name: "modelgen-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "modelgen", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "ReadModelBenchmark",
            dependencies: [.product(name: "DataModel", package: "modelgen")]
        ),
        .executableTarget(
            name: "GenerateBenchmark",
            dependencies: [
                .product(name: "DataModel", package: "modelgen"), .product(name: "ModelGenerator", package: "modelgen"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
