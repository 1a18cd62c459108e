import Lamina
import Testing
@testable import LaminaCPU

@Suite struct ImageSamplingTests {
    typealias P = PlanBuilding

    /// 4×4 checker of 1-px cells magnified 8× into 32×32.
    func checkerPlan(_ sampling: Sampling) -> RenderPlan {
        let img = P.grayImage(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? 255 : 0 }
        return RenderPlan(width: 32, height: 32, clearColor: .transparent, images: [img],
                          commands: [P.image(0, crop: PixelRect(x: 0, y: 0, width: 4, height: 4), into: Rect(0, 0, 32, 32), sampling: sampling)])
    }

    @Test func nearestMagnificationKeepsHardEdges() throws {
        let b = try P.render(checkerPlan(.nearest))
        for y in 0..<32 {
            for x in 0..<32 {
                let expected: UInt8 = ((x / 8) + (y / 8)) % 2 == 0 ? 255 : 0
                #expect(b[x, y][0] == expected)
            }
        }
    }

    @Test func linearMagnificationBlends() throws {
        let b = try P.render(checkerPlan(.linear))
        let values = Set(P.row(b, y: 12, 0..<32))
        #expect(values.count > 6)
        #expect(values.contains { $0 > 40 && $0 < 215 })
        #expect(b[0, 0][0] == 255)
    }

    @Test func trilinearMinificationOfStripesIsUniformGray() throws {
        let img = P.grayImage(width: 256, height: 256) { x, _ in x % 2 == 0 ? 255 : 0 }
        // 256 texels into 31 pixels (about 1/8.26): the phase of every column differs.
        func plan(_ s: Sampling) -> RenderPlan {
            RenderPlan(width: 31, height: 31, clearColor: P.black, images: [img],
                       commands: [P.image(0, crop: PixelRect(x: 0, y: 0, width: 256, height: 256), into: Rect(0, 0, 31, 31), sampling: s)])
        }
        func stats(_ b: Bitmap) -> (mean: Double, variance: Double) {
            let v = (0..<31).flatMap { y in P.row(b, y: y, 0..<31) }.map(Double.init)
            let m = v.reduce(0, +) / Double(v.count)
            return (m, v.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(v.count))
        }
        let tri = stats(try P.render(plan(.trilinear(lod: LaminaMath.log2(256.0 / 31)))))
        let lin = stats(try P.render(plan(.linear)))
        #expect(abs(tri.mean - 127.5) < 2)
        #expect(tri.variance < 1)
        #expect(lin.variance > 1000, "linear without mips aliases: variance \(lin.variance)")
    }

    @Test func contentsRectCropWithNearestShowsNoNeighbours() throws {
        // 2×1 sprite sheet of 4×4 cells: left cell white, right cell black.
        let img = P.grayImage(width: 8, height: 4) { x, _ in x < 4 ? 255 : 0 }
        for sampling in [Sampling.nearest, .linear, .trilinear(lod: 0.7)] {
            let plan = RenderPlan(width: 40, height: 20, clearColor: .transparent, images: [img],
                                  commands: [P.image(0, crop: PixelRect(x: 0, y: 0, width: 4, height: 4), into: Rect(0, 0, 40, 20),
                                                     sampling: sampling, sourceRect: Rect(-0.25, 0, 1.5, 1))])
            let b = try P.render(plan)
            for y in 0..<20 { for x in 0..<40 { #expect(b[x, y] == SIMD4(255, 255, 255, 255), "\(sampling) at \(x),\(y)") } }
        }
    }

    @Test func cropIsClampedToTheImage() throws {
        let img = P.grayImage(width: 4, height: 4) { _, _ in 200 }
        let plan = RenderPlan(width: 8, height: 8, clearColor: .transparent, images: [img],
                              commands: [P.image(0, crop: PixelRect(x: 2, y: 2, width: 10, height: 10), into: Rect(0, 0, 8, 8), sampling: .linear)])
        let b = try P.render(plan)
        #expect(b[7, 7] == SIMD4(200, 200, 200, 255))
    }
}
