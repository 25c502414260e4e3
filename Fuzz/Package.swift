// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets, kept out of the main package: each executable's main.swift hands its one-input function to
// libFuzzer's driver (`LLVMFuzzerRunDriver`, declared by CFuzzer), so it links only with `-sanitize=fuzzer`.
// Build and run one with `Scripts/fuzz.sh TARGET SECONDS` (model-reader, predicate-format, rest-decoder, url-template).
let package = Package(
    name: "modelgen-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "modelgen", path: ".."),
    ],
    targets: [
        .target(name: "CFuzzer"),
        // `contents` bytes → model, diagnostics and validation.
        .executableTarget(name: "FuzzModelReader", dependencies: ["CFuzzer", .product(name: "DataModel", package: "modelgen")]),
        // An NSPredicate-format string → parser, and the fetch request template translator of a fixed model.
        .executableTarget(
            name: "FuzzPredicateFormat",
            dependencies: ["CFuzzer", .product(name: "DataModel", package: "modelgen"), .product(name: "ModelGenerator", package: "modelgen")]
        ),
        // A response body → the REST store's JSON parser and decoder, against a fixed model (the REST tests'
        // `FuzzRESTModel.swift`, linked into its own target: an executable of more than one file needs a `main`).
        .target(
            name: "FuzzRESTModel",
            dependencies: [.product(name: "ObjectGraph", package: "modelgen"), .product(name: "ObjectGraphREST", package: "modelgen")]
        ),
        .executableTarget(
            name: "FuzzRESTDecoder",
            dependencies: ["CFuzzer", "FuzzRESTModel", .product(name: "ObjectGraph", package: "modelgen"), .product(name: "ObjectGraphREST", package: "modelgen")]
        ),
        // A `rest.path` template → the URL template parser.
        .executableTarget(name: "FuzzURLTemplate", dependencies: ["CFuzzer", .product(name: "ModelGenerator", package: "modelgen")]),
    ],
    swiftLanguageModes: [.v6]
)
