import Lamina
import Testing
@testable import LaminaCPU

/// `CPUBackend.readBack()` hands out the canvas's pixels without copying them; what it handed out stays as it
/// was while later frames draw, whole or in part, and the backend's canvas goes on as if it had copied.
@Suite struct CanvasHandOffTests {
    typealias P = PlanBuilding

    static func plan(_ color: PremultipliedColor, clear: PremultipliedColor = P.white) -> RenderPlan {
        RenderPlan(width: 20, height: 12, clearColor: clear, commands: [P.fill(Rect(2, 2, 10, 6), color: color)])
    }

    @Test func aBitmapReadBackKeepsItsPixelsWhileLaterFramesDraw() throws {
        let backend = CPUBackend(threads: 2)
        try backend.execute(Self.plan(P.red))
        let first = try backend.readBack()
        let firstBytes = first.pixels.map { $0 }
        #expect(first[5, 5] == SIMD4(255, 0, 0, 255) && first[15, 5] == SIMD4(255, 255, 255, 255))

        try backend.execute(Self.plan(P.blue, clear: P.black))
        let second = try backend.readBack()
        #expect(first.pixels == firstBytes, "a whole frame drew into the bitmap handed out before it")
        #expect(second[5, 5] == SIMD4(0, 0, 255, 255) && second[15, 5] == SIMD4(0, 0, 0, 255))

        let region = DamageRegion(boxes: [Rect(0, 0, 8, 12)], width: 20, height: 12)
        try backend.execute(try Self.plan(P.red, clear: P.black).restricted(to: region), region: region)
        let third = try backend.readBack()
        #expect(second[5, 5] == SIMD4(0, 0, 255, 255), "a frame drawn in part wrote into the bitmap handed out before it")
        #expect(third[5, 5] == SIMD4(255, 0, 0, 255) && third[10, 5] == SIMD4(0, 0, 255, 255), "kept outside the region")

        var kept = second
        try backend.readBack(region, into: &kept)
        #expect(kept == third && second[5, 5] == SIMD4(0, 0, 255, 255))

        try backend.execute(Self.plan(P.blue))
        try backend.execute(Self.plan(P.black))
        #expect(third[5, 5] == SIMD4(255, 0, 0, 255), "frames drawn whole without a read back wrote into a bitmap handed out")
        #expect(try backend.readBack()[5, 5] == SIMD4(0, 0, 0, 255))
        #expect(first.pixels == firstBytes)
    }
}
