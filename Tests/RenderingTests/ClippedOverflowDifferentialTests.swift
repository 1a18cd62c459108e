import Lamina
import Testing

private typealias H = Harness

/// GPU against CPU on masked layers that overflow a `masksToBounds` container on each side, at
/// fractional positions and sizes and several scales. Offscreens of such layers end at the container's
/// edge with sizes that are rarely multiples of llvmpipe's 4-pixel shading block; the GPU once lost the
/// last rows there (an opaque fill's interior aligned after being cut to the offscreen, while the fill's
/// own draw skipped the hole aligned before the cut).
@Suite("Masked layers overflowing a clipping container: GPU = CPU")
struct ClippedOverflowDifferentialTests {
    enum Side: String, CaseIterable { case top, bottom, left, right }

    /// A rounded, clipping container at a fractional position with one masked child that runs past
    /// `side` by about half its size. `maskAlpha` < 1 keeps the mask an offscreen (an opaque rounded mask
    /// may become a clip shape); `opaqueContent` makes the child an opaque fill (drawn through the
    /// interior pass inside its offscreen).
    static func scene(side: Side, containerSize: Double, offset: Double, scale: Double, radius: Double,
                      maskAlpha: Double, opaqueContent: Bool) -> Scene {
        let c = containerSize
        let child: Rect
        switch side {
        case .top: child = Rect(8.25, -c / 2 + offset, c - 16.5, c * 0.8)
        case .bottom: child = Rect(8.25, c * 0.4 + offset, c - 16.5, c * 0.8)
        case .left: child = Rect(-c / 2 + offset, 8.25, c * 0.8, c - 16.5)
        case .right: child = Rect(c * 0.4 + offset, 8.25, c * 0.8, c - 16.5)
        }
        return H.scene(c + 40, c + 40, scale: scale, [H.layer(Rect(10.5 + offset, 10.3 + offset, c, c - 0.6)) {
            $0.cornerRadius = radius
            $0.masksToBounds = true
            $0.backgroundColor = Color(white: 0.85)
            $0.sublayers = [H.layer(child) {
                $0.backgroundColor = opaqueContent ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0.4, blue: 1, alpha: 0.8)
                $0.mask = H.layer(Rect(0, 0, child.width, child.height)) {
                    $0.backgroundColor = Color(white: 0, alpha: maskAlpha)
                    $0.cornerRadius = 6
                }
            }]
        }])
    }

    static let cases: [(Side, Double)] = Side.allCases.flatMap { side in [1.0, 1.5, 2.0].map { (side, $0) } }

    @Test(arguments: cases)
    func gpuMatchesCPU(_ side: Side, _ scale: Double) throws {
        var worst = 0
        var report: [String] = []
        for containerSize in [57.0, 58.7, 60.0, 61.3] {
            for offset in [0.0, 0.35, 0.5] {
                for (maskAlpha, opaque) in [(0.5, true), (1.0, true), (0.5, false)] {
                    let s = Self.scene(side: side, containerSize: containerSize, offset: offset, scale: scale,
                                       radius: 12, maskAlpha: maskAlpha, opaqueContent: opaque)
                    let gpu = try H.render(s, on: "gpu"), cpu = try H.render(s, on: "cpu")
                    let d = try #require(BitmapDifference(gpu, cpu))
                    worst = max(worst, d.maxChannel)
                    if d.maxChannel > 2 {
                        report.append("size \(containerSize) offset \(offset) mask α \(maskAlpha) opaque \(opaque): \(d)")
                    }
                }
            }
        }
        #expect(worst <= 2, "GPU differs from CPU past \(side) at scale \(scale):\n\(report.joined(separator: "\n"))")
    }

    /// Opaque layers running past the canvas's right and bottom borders, on canvases whose sizes are not
    /// multiples of the shading block: the opaque pass must paint up to the border what the layers' own
    /// draws skip.
    @Test(arguments: [101.0, 102.0, 103.0, 104.0])
    func opaqueLayersOverflowingTheCanvas(_ size: Double) throws {
        let s = H.scene(size, size + 1, [
            H.layer(Rect(10.3, 20.2, size - 3, 120)) { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) },
            H.layer(Rect(30.6, 5.5, 120, size - 20)) { $0.backgroundColor = Color(red: 0, green: 0.5, blue: 0) },
            H.layer(Rect(-5, -5, 50, 50)) { $0.backgroundColor = Color(red: 0, green: 0, blue: 1) },
        ])
        let gpu = try H.render(s, on: "gpu"), cpu = try H.render(s, on: "cpu")
        let d = try #require(BitmapDifference(gpu, cpu))
        #expect(d.maxChannel <= 2, "canvas \(size)×\(size + 1): \(d)")
    }
}
