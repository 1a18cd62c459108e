import Testing
@testable import Lamina

/// The shadow table both backends read: its bilinear lookup stays within a quarter step of the closed form.
@Suite struct ShadowTableTests {
    @Test(arguments: [2.0, 6.0, 13.5])
    func lookupFollowsClosedForm(sigma: Double) throws {
        let shape = RoundedRect(rect: Rect(5, 7, 120, 80), cornerRadius: 12)
        let table = try #require(ShadowTable(shape: shape, sigma: sigma))
        let map = table.textureMap(shapeOrigin: Point(shape.rect.minX, shape.rect.minY))
        var worst = 0.0
        table.values.withUnsafeBufferPointer { samples in
            for j in stride(from: -20.0, through: 110, by: 1.37) {
                for i in stride(from: -20.0, through: 150, by: 1.73) {
                    let p = Point(i, j)
                    let u = Float(p.x) * map.0 + map.2, v = Float(p.y) * map.1 + map.3
                    let looked = Double(table.coverage(u: u, v: v, samples: samples.baseAddress!))
                    worst = max(worst, abs(looked - ShadowMath.coverage(at: p, of: shape, sigma: sigma)))
                }
            }
        }
        #expect(worst * 255 <= 0.3, "σ \(sigma): max error \(worst * 255)/255")
    }

    @Test func tooLargeTablesAreRefused() {
        #expect(ShadowTable(shape: RoundedRect(rect: Rect(0, 0, 4000, 4000), cornerRadius: 10), sigma: 2) == nil)
        #expect(ShadowTable(shape: RoundedRect(rect: Rect(0, 0, 100, 100), cornerRadius: 10), sigma: 0) == nil)
    }
}
