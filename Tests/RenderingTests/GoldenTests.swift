import Foundation
import Lamina
import LaminaExamples
import LaminaPNG
import LaminaText
import Testing

/// Every example of `Examples/` rendered on both backends and compared with its golden image in
/// `Tests/RenderingTests/Golden/`, and the two backends with each other.
///
/// Tolerance against the goldens (the project's agreed one): channel difference ≤ 2/255 on at least 99.9 %
/// of pixels and ≤ 8/255 everywhere. The two backends agree with each other within 1/255 on every pixel. Re-record the goldens (from the CPU path) with `LAMINA_RECORD_GOLDEN=1 swift test
/// --filter GoldenTests`, then look at the changed images before committing them.
@Suite(.serialized) struct GoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let examples = root.deletingLastPathComponent().deletingLastPathComponent().appending(path: "Examples").path
    static let golden = root.appending(path: "Golden")
    static let entries: [ExampleEntry] = (try? ExampleCatalog.load(directory: examples)) ?? []
    static let recording = ProcessInfo.processInfo.environment["LAMINA_RECORD_GOLDEN"] == "1"

    /// Checks the agreed tolerance; returns a message naming the numbers when it is broken.
    static func withinTolerance(_ a: Bitmap, _ b: Bitmap) -> String? {
        guard let d = BitmapDifference(a, b, threshold: 2) else { return "sizes differ: \(a.width)×\(a.height) vs \(b.width)×\(b.height)" }
        if d.maxChannel <= 8 && d.fractionWithin >= 0.999 { return nil }
        return "\(d) (\(String(format: "%.4f", d.fractionWithin * 100)) % within 2/255)"
    }

    static func render(_ entry: ExampleEntry, on backend: String) throws -> Bitmap {
        let path = (examples as NSString).appendingPathComponent(entry.file)
        TextStack.install()
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder)
        return try Harness.render(try decoder.decode(contentsOfFile: path), on: backend)
    }

    @Test func catalogIsNotEmpty() {
        #expect(Self.entries.count >= 18, "examples found in \(Self.examples)")
    }

    @Test(arguments: entries.map(\.file)) func matchesGoldenOnBothBackends(_ file: String) throws {
        let entry = try #require(Self.entries.first { $0.file == file })
        let name = (file as NSString).deletingPathExtension + ".png"
        let goldenPath = Self.golden.appending(path: name).path
        let cpu = try Self.render(entry, on: "cpu")
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try PNGEncoder.write(cpu, to: goldenPath)
        }
        let reference = try PNGDecoder.decode(contentsOfFile: goldenPath)
        let gpu = try Self.render(entry, on: "gpu")
        // The golden file holds straight alpha: compare after the same PNG round trip.
        let cpuRound = try PNGDecoder.decode(try PNGEncoder.encode(cpu))
        let gpuRound = try PNGDecoder.decode(try PNGEncoder.encode(gpu))
        if let problem = Self.withinTolerance(cpuRound, reference) { Issue.record("\(file) cpu vs golden: \(problem)") }
        if let problem = Self.withinTolerance(gpuRound, reference) { Issue.record("\(file) gpu vs golden: \(problem)") }
        let between = try #require(BitmapDifference(gpu, cpu, threshold: 1))
        #expect(between.maxChannel <= 1, "\(file) gpu vs cpu: \(between)")
    }
}
