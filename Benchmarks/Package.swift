// swift-tools-version: 6.2
import PackageDescription

// Speed of ObjectGraphSQLite against the raw SQLite C API and GRDB records. A separate package so users
// of modelgen never build GRDB. Run: swift run -c release --package-path Benchmarks modelgen-benchmarks --rows 2000
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
            ]),
    ],
    swiftLanguageModes: [.v6]
)
