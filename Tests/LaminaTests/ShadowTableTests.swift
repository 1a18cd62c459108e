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

    /// `ShadowGrid` shares the per-row and per-column terms and sums notch nodes in single precision;
    /// every sample stays within 10⁻⁶ of the per-point value (a four-thousandth of a byte step).
    @Test(arguments: [(RoundedRect(rect: Rect(0, 0, 120, 80), cornerRadius: 12), 6.0),
                      (RoundedRect(rect: Rect(0, 0, 33.5, 200), radii: CornerRadii(topLeft: 0, topRight: 9, bottomRight: 30, bottomLeft: 2.5)), 3.25),
                      (RoundedRect(rect: Rect(0, 0, 40, 40), cornerRadius: 20), 17.0),
                      (RoundedRect(rect: Rect(0, 0, 300, 10), cornerRadius: 0), 1.5),
                      (RoundedRect(rect: Rect(0, 0, 120, 80), cornerRadius: 12), 2.0)])
    func gridFollowsPointwiseClosedForm(shape: RoundedRect, sigma: Double) throws {
        let table = try #require(ShadowTable(shape: shape, sigma: sigma))
        var worst = 0.0
        for j in 0..<table.rows {
            for i in 0..<table.columns {
                let p = Point(table.origin.x + Double(i) * table.spacing, table.origin.y + Double(j) * table.spacing)
                worst = max(worst, abs(Double(table.values[j * table.columns + i]) - ShadowMath.coverage(at: p, of: shape, sigma: sigma)))
            }
        }
        print("shadow table σ \(sigma): largest difference from the per-point closed form \(worst)")
        #expect(worst <= 1e-6)
    }

    /// Rows over a whole notch reuse their erf terms per column: the table is the same, bit for bit, as
    /// with every row's terms evaluated anew (notches narrower and wider than 8σ, uneven corners).
    @Test(arguments: [(RoundedRect(rect: Rect(0, 0, 120, 80), cornerRadius: 12), 6.0),
                      (RoundedRect(rect: Rect(0, 0, 33.5, 200), radii: CornerRadii(topLeft: 0, topRight: 9, bottomRight: 30, bottomLeft: 2.5)), 3.25),
                      (RoundedRect(rect: Rect(0, 0, 40, 40), cornerRadius: 20), 17.0),
                      (RoundedRect(rect: Rect(0, 0, 120, 80), cornerRadius: 12), 1.25),
                      (RoundedRect(rect: Rect(0, 0, 90, 64), cornerRadius: 8), 4.7)])
    func sharedWholeNotchRowsChangeNoValue(shape: RoundedRect, sigma: Double) {
        let spacing = sigma / ShadowTable.samplesPerSigma, margin = 4 * sigma + 1 + 2 * spacing
        let columns = Int(((shape.rect.width + 2 * margin) / spacing).rounded(.up)) + 1
        let rows = Int(((shape.rect.height + 2 * margin) / spacing).rounded(.up)) + 1
        func grid(_ sharing: Bool) -> [Float] {
            ShadowGrid.values(of: shape, sigma: sigma, originX: -margin, originY: -margin, spacing: spacing,
                              columns: columns, rows: rows, sharingWholeNotchRows: sharing)
        }
        let shared = grid(true), fresh = grid(false)
        let differing = zip(shared, fresh).filter { $0.0.bitPattern != $0.1.bitPattern }.count
        #expect(shared.count == columns * rows)
        #expect(differing == 0, "\(differing) of \(shared.count) samples differ")
        #expect(shared.contains { $0 > 0 && $0 < 1 })
    }

    @Test func tooLargeTablesAreRefused() {
        #expect(ShadowTable(shape: RoundedRect(rect: Rect(0, 0, 4000, 4000), cornerRadius: 10), sigma: 2) == nil)
        #expect(ShadowTable(shape: RoundedRect(rect: Rect(0, 0, 100, 100), cornerRadius: 10), sigma: 0) == nil)
    }
}
