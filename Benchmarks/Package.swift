// swift-tools-version:6.1
// Micro-benchmarks of Lamina's CPU-side stages (ordo-one/benchmark), kept out of the main package and its
// test run: `cd Benchmarks && swift package --disable-sandbox benchmark`.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: the checkout's, whatever it is called.
let lamina = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "LaminaBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LaminaMicro",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Lamina", package: lamina),
                .product(name: "LaminaCPU", package: lamina),
                .product(name: "LaminaText", package: lamina),
            ],
            path: "Benchmarks/LaminaMicro",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
