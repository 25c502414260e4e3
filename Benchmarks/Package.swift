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
// - The PostgreSQL store against raw postgres-nio and Fluent (trait `PostgreSQL`, a server at URL):
//   swift run -c release --package-path Benchmarks --traits PostgreSQL modelgen-benchmarks --postgres URL
let package = Package(
    name: "modelgen-benchmarks",
    platforms: [.macOS(.v15)],
    // `PostgreSQL` adds the PostgreSQL contenders (ours over PostgresStore, raw postgres-nio, Fluent 4), so
    // the default benchmark build never fetches or builds postgres-nio and Fluent.
    traits: [
        .trait(name: "PostgreSQL", description: "PostgresStore against raw postgres-nio and Fluent 4 (--postgres URL)"),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(name: "modelgen", path: "..", traits: [.trait(name: "PostgreSQL", condition: .when(traits: ["PostgreSQL"]))]),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/vapor/fluent-kit", from: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "modelgen-benchmarks",
            dependencies: [
                .product(name: "ObjectGraph", package: "modelgen"),
                .product(name: "ObjectGraphSQLite", package: "modelgen"),
                .product(name: "GRDB", package: "GRDB.swift"),
                "CMallocStats",
                .product(name: "ObjectGraphPostgres", package: "modelgen", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "FluentKit", package: "fluent-kit", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver", condition: .when(traits: ["PostgreSQL"])),
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
