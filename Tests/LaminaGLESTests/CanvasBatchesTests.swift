import Foundation
import Lamina
import Testing
@testable import LaminaGLES

@Suite("Canvas draws are batched without reordering draws that touch", .serialized)
struct CanvasBatchesTests {
    static func piece(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> QuadPiece { QuadPiece(x0: x0, y0: y0, x1: x1, y1: y1) }

    @Test("a draw joins the latest batch of its kind unless a later batch touches it")
    func joining() throws {
        let p1 = ProgramKey(.instancedFill), p2 = ProgramKey(.instancedBorder)
        let k1 = CanvasBatches.Key(program: p1), k2 = CanvasBatches.Key(program: p2)
        let parameters = [Float](repeating: 0, count: 48)
        var batches = CanvasBatches()
        batches.add(key: k1, parameters: parameters, pieces: [CanvasBatchesTests.piece(0, 0, 10, 10)])
        batches.add(key: k2, parameters: parameters, pieces: [CanvasBatchesTests.piece(20, 0, 30, 10)])
        batches.add(key: k1, parameters: parameters,
                    pieces: [CanvasBatchesTests.piece(40, 0, 50, 10), CanvasBatchesTests.piece(40, 10, 45, 12)])
        #expect(batches.batches.map(\.boxes.count) == [2, 1])
        #expect(batches.batches[0].instances.count == 3 * CanvasBatches.floatsPerInstance)
        #expect(batches.batches[0].bounds == CanvasBatchesTests.piece(0, 0, 50, 12))
        batches.add(key: k1, parameters: parameters, pieces: [CanvasBatchesTests.piece(25, 5, 35, 15)])
        #expect(batches.batches.map(\.key) == [k1, k2, k1])
        batches.add(key: k2, parameters: parameters, pieces: [CanvasBatchesTests.piece(100, 100, 110, 110)])
        #expect(batches.batches.map(\.boxes.count) == [2, 2, 1])
        batches.add(key: k2, parameters: parameters, pieces: [CanvasBatchesTests.piece(30, 12, 31, 13)])
        #expect(batches.batches.map(\.key) == [k1, k2, k1, k2])
        #expect(batches.take().count == 4 && batches.isEmpty)
        #expect(batches.queuedDraws == 6 && batches.issuedBatches == 4)
    }

    /// A grid of cards apart from each other (shadow, fill, border, an overhanging image clipped to the
    /// rounded card; the image file is read, its pixels are a gradient made here), every third one with group opacity: the kind of scene whose draws batch well.
    static func grid(step: Double = 100) throws -> RenderPlan {
        var cards: [String] = []
        for i in 0..<24 {
            let x = Double(i % 6) * step + 10, y = Double(i / 6) * step * 0.9 + 10
            let opacity = i % 3 == 0 ? ", \"opacity\": 0.6" : ""
            cards.append("""
            {"frame": [\(x), \(y), 70, 50], "shadowOpacity": 0.6, "shadowRadius": 4.0, "shadowOffset": [0.0, 3.0]\(opacity),
             "sublayers": [{"frame": [0, 0, 70, 50], "backgroundColor": "#4c6bd1", "cornerRadius": 9.5, "borderWidth": 2.0,
               "borderColor": "#293a72", "masksToBounds": true,
               "sublayers": [{"frame": [40.5, 20.25, 40, 40], "contents": "cone"}]}]}
            """)
        }
        let json = """
        {"width": 620, "height": 380, "background": "white", "images": {"cone": "cone.png"},
         "root": {"frame": [0, 0, 620, 380], "sublayers": [\(cards.joined(separator: ","))]}}
        """
        let assets = TestSupport.shaderDirectory.deletingLastPathComponent().appendingPathComponent("Examples/assets").path
        let decoder = SceneDecoder(imageDecoder: { _, _ in
            TestSupport.bitmap(width: 24, height: 24) { x, y in SIMD4(UInt8(x * 10), UInt8(y * 10), 128, 255) }
        })
        return try RenderPlanner.plan(decoder.decode(json, fileName: "grid.json", baseDirectory: assets))
    }

    /// Renders `plan` with batching on and off, expecting the same pixels; returns both backends. Shadows
    /// are not fused with their fills (`ShadowFusionTests`), which only batches do.
    static func renderBatchedAndSingle(_ plan: RenderPlan) throws -> (batched: GLESBackend, single: GLESBackend) {
        var environment = ProcessInfo.processInfo.environment
        environment["LAMINA_GPU_FUSION"] = "0"
        let batched = try GLESBackend(options: GLESOptions(environment: environment))
        environment["LAMINA_GPU_BATCHES"] = "0"
        let single = try GLESBackend(options: GLESOptions(environment: environment))
        let a = try batched.render(plan), b = try single.render(plan)
        let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) channel values differ")
        return (batched, single)
    }

    @Test("batched draws give the pixels of single draws, in far fewer draws when nothing overlaps")
    func samePixels() throws {
        let (batched, single) = try CanvasBatchesTests.renderBatchedAndSingle(try CanvasBatchesTests.grid())
        #expect(batched.builder.batches.queuedDraws >= 60, "\(batched.builder.batches.queuedDraws) draws queued")
        #expect(batched.builder.batches.issuedBatches * 4 <= batched.builder.batches.queuedDraws,
                "\(batched.builder.batches.issuedBatches) batches for \(batched.builder.batches.queuedDraws) draws")
        #expect(single.builder.batches.queuedDraws == 0)
    }

    @Test("cards that overlap their neighbours give the same pixels batched and single")
    func overlappingCards() throws {
        let (batched, _) = try CanvasBatchesTests.renderBatchedAndSingle(try CanvasBatchesTests.grid(step: 37))
        #expect(batched.builder.batches.queuedDraws >= 40)
    }
}
