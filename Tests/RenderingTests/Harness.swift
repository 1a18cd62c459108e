import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaText
import Testing

/// Builds layers and scenes tersely, and renders them on a named backend.
enum Harness {
    static func layer(_ frame: Rect, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var l = Layer()
        l.setFrame(frame)
        configure(&l)
        return l
    }

    static func scene(_ w: Double, _ h: Double, scale: Double = 1, background: Color = .white,
                      groupOpacity: Bool = true, _ sublayers: [Layer]) -> Scene {
        Scene(width: w, height: h, scale: scale, background: background, groupOpacity: groupOpacity,
              root: layer(Rect(0, 0, w, h)) { $0.sublayers = sublayers })
    }

    nonisolated(unsafe) private static var gpu: GLESBackend?
    private static let lock = NSLock()

    /// One shared GL backend for the whole test run (GL contexts are costly on llvmpipe), or a fresh CPU one.
    static func backend(_ name: String) throws -> any RenderBackend {
        if name == "cpu" { return CPUBackend() }
        if let gpu { return gpu }
        let b = try GLESBackend()
        gpu = b
        return b
    }

    /// Renders on one backend; GL work is serialized because the shared context is used by one thread at a time.
    static func render(_ scene: Scene, on name: String) throws -> Bitmap {
        TextStack.install()
        let plan = try LargeStack.run { try RenderPlanner.plan(scene) }
        if name == "cpu" { return try CPUBackend().render(plan) }
        lock.lock()
        defer { lock.unlock() }
        return try backend("gpu").render(plan)
    }

    static let backends = ["gpu", "cpu"]

    /// Draws frames 0…`frames` of `scene(n)` through one `IncrementalRenderer` on a fresh backend and
    /// expects each to equal a full redraw of that frame exactly; returns each frame's damage.
    @discardableResult
    static func expectIncrementalEqualsFull(on name: String, frames: Int, policy: RedrawPolicy = .alwaysLimited,
                                            _ scene: (Int) -> Scene) throws -> [DamageRegion] {
        let backend: any RenderBackend = name == "cpu" ? CPUBackend() : try freshGPU()
        let renderer = IncrementalRenderer(backend: backend, budget: nil)
        renderer.redrawPolicy = policy
        var damages: [DamageRegion] = []
        for n in 0...frames {
            let s = scene(n)
            let frame = try renderer.render(s)
            let diff = IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), try render(s, on: name))
            #expect(diff == 0, "\(name) frame \(n): incremental differs from a full redraw by \(diff)/255")
            damages.append(frame.damage)
        }
        return damages
    }

    /// A GPU backend of its own, for tests that count its caches.
    static func freshGPU() throws -> GLESBackend { try GLESBackend() }

    /// A checkerboard of `cell`-pixel squares, black and white, opaque.
    static func checker(size: Int, cell: Int) -> Image {
        var px = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size where ((x / cell) + (y / cell)) % 2 == 0 {
                let i = (y * size + x) * 4
                px[i] = 0; px[i + 1] = 0; px[i + 2] = 0
            }
        }
        return Image(bitmap: Bitmap(width: size, height: size, pixels: px))
    }

    /// Vertical 1-pixel stripes, black and white.
    static func stripes(size: Int) -> Image {
        var px = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in stride(from: 0, to: size, by: 2) {
                let i = (y * size + x) * 4
                px[i] = 0; px[i + 1] = 0; px[i + 2] = 0
            }
        }
        return Image(bitmap: Bitmap(width: size, height: size, pixels: px))
    }

    /// A bitmap filled by a function of the pixel center returning premultiplied RGBA 0…1.
    static func image(_ w: Int, _ h: Int, _ f: (Double, Double) -> SIMD4<Double>) -> Image {
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let c = f(Double(x) + 0.5, Double(y) + 0.5)
                for k in 0..<4 { px[(y * w + x) * 4 + k] = UInt8((min(max(c[k], 0), 1) * 255).rounded()) }
            }
        }
        return Image(bitmap: Bitmap(width: w, height: h, pixels: px))
    }

    /// ½·erfc(d / (σ√2)): the profile of a Gaussian-blurred straight edge at signed distance d outside it.
    static func edgeProfile(_ d: Double, sigma: Double) -> Double {
        sigma == 0 ? (d < 0 ? 1 : d > 0 ? 0 : 0.5) : 0.5 * (1 - LaminaMath.erf(d / (sigma * 2.0.squareRoot())))
    }
}

extension Bitmap {
    func rgba(_ x: Int, _ y: Int) -> [Int] { let p = self[x, y]; return [Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3])] }
}

extension RedrawPolicy {
    /// Every frame limited to its damage, however much of the canvas changed: what tests comparing
    /// incremental frames with full redraws exercise (the standard policy redraws large damage whole).
    static let alwaysLimited = RedrawPolicy(maxRects: DamageRegion.maxRects, fullRedrawFraction: 2)
}
