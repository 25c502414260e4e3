// swift-tools-version: 6.2
import PackageDescription

// Benchmarks, kept out of the main package so that users never build GRDB or the benchmark code.
// - Store speed against the raw SQLite C API and GRDB records:
//   swift run -c release --package-path Benchmarks modelgen-benchmarks --rows 2000
// - Memory per fetched and inserted object: ... modelgen-benchmarks --memory
// - Migrating a 1,000,000-row file against raw SQL: swift run -c release --package-path Benchmarks MigrationBenchmark
// - Reading a model: swift run -c release --package-path Benchmarks ReadModelBenchmark PATH [ITERATIONS]
// - The caching store: swift run -c release --package-path Benchmarks CacheBenchmark
// - Generating code, per stage: swift run -c release --package-path Benchmarks GenerateBenchmark synthetic 1000
//   (or a model path; --file-per model for one output file)
let package = Package(
    name: "modelgen-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "modelgen", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "modelgen-benchmarks",
            dependencies: [
                .product(name: "ObjectGraph", package: "modelgen"),
                .product(name: "ObjectGraphSQLite", package: "modelgen"),
                .product(name: "GRDB", package: "GRDB.swift"),
                "CMallocStats",
            ]),
        // glibc's `mallinfo2`, which the Glibc module does not import, for `--memory`.
        .target(name: "CMallocStats"),
        .executableTarget(
            name: "MigrationBenchmark",
            dependencies: [
                .product(name: "ObjectGraph", package: "modelgen"),
                .product(name: "ObjectGraphSQLite", package: "modelgen"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .executableTarget(
            name: "CacheBenchmark",
            dependencies: [
                .product(name: "ObjectGraph", package: "modelgen"), .product(name: "ObjectGraphSQLite", package: "modelgen"),
                .product(name: "ObjectGraphREST", package: "modelgen"), .product(name: "ObjectGraphCache", package: "modelgen"),
                .product(name: "RESTTestServer", package: "modelgen"),
            ]),
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
