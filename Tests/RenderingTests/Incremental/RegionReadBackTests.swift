import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// `readBack(_:into:)` copies only the region's pixels of the canvas into a kept bitmap.
@Suite("Reading back a region of the canvas", .serialized)
struct RegionReadBackTests {
    static func plan(_ color: PremultipliedColor) -> RenderPlan {
        RenderPlan(width: 64, height: 48, clearColor: color, commands: [
            .fill(Fill(shape: RoundedRect(rect: Rect(8, 6, 40, 30), cornerRadius: 9), transform: .identity,
                       color: PremultipliedColor(red: 0.2, green: 0.1, blue: 0.5, alpha: 0.75), clip: .none)),
        ])
    }

    @Test("inside the region the bitmap takes the new canvas, outside it keeps its old pixels", arguments: Harness.backends)
    func regionOnly(_ name: String) throws {
        let backend: any RenderBackend = name == "cpu" ? CPUBackend() : try Harness.freshGPU()
        let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        let green = PremultipliedColor(red: 0, green: 1, blue: 0, alpha: 1)
        var kept = try backend.render(Self.plan(white))
        let old = kept
        let next = try backend.render(Self.plan(green))
        let region = DamageRegion(boxes: [Rect(0, 0, 10, 10), Rect(30.5, 20.2, 20, 27.8)], width: 64, height: 48, maxRects: 8)
        try backend.readBack(region, into: &kept)
        var inside = 0
        for y in 0..<48 {
            for x in 0..<64 {
                let inRegion = region.rects.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                if inRegion { inside += 1 }
                #expect(kept[x, y] == (inRegion ? next[x, y] : old[x, y]), "\(name) pixel (\(x), \(y))")
            }
        }
        #expect(inside == region.area)
        #expect(next != old)
    }
}
