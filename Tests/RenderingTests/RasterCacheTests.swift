import Lamina
import Testing

/// The shouldRasterize cache and the mask's effect on shadows, on both backends through the planner.
@Suite(.serialized) struct RasterCacheTests {
    typealias H = Harness

    static func scene(color: Color, x: Double = 20) -> Scene {
        H.scene(200, 120, [H.layer(Rect(x, 20, 100, 80)) {
            $0.shouldRasterize = true
            $0.backgroundColor = .white
            $0.cornerRadius = 12
            $0.sublayers = [H.layer(Rect(10, 10, 40, 40)) { $0.backgroundColor = color }]
        }])
    }

    @Test(arguments: H.backends) func sameSceneHitsChangedSublayerMisses(_ b: String) throws {
        let backend: any RenderBackend = try b == "cpu" ? H.backend("cpu") : H.freshGPU()
        let renderer = IncrementalRenderer(backend: backend)
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        _ = try renderer.renderWhole(Self.scene(color: red))
        let first = backend.rasterCacheStatistics
        #expect(first.misses == 1 && first.hits == 0, "\(first)")
        let again = try #require(try renderer.renderWhole(Self.scene(color: red, x: 60)))
        #expect(backend.rasterCacheStatistics.hits == 1, "moving the layer reuses the bitmap: \(backend.rasterCacheStatistics)")
        #expect(again.rgba(90, 50) == [255, 0, 0, 255])
        let changed = try #require(try renderer.renderWhole(Self.scene(color: blue, x: 60)))
        #expect(backend.rasterCacheStatistics.misses == 2, "\(backend.rasterCacheStatistics)")
        #expect(changed.rgba(90, 50) == [0, 0, 255, 255], "the new color shows")
    }

    @Test(arguments: H.backends) func maskAlsoCutsTheShadow(_ b: String) throws {
        let scene = H.scene(200, 200, [H.layer(Rect(40, 40, 100, 100)) {
            $0.backgroundColor = Color(red: 0, green: 0, blue: 1)
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = Size(0, 30)
            $0.mask = H.layer(Rect(0, 0, 50, 140)) { $0.backgroundColor = .black }
        }])
        let img = try H.render(scene, on: b)
        #expect(img.rgba(60, 155) == [0, 0, 0, 255], "shadow under the mask's left half")
        #expect(img.rgba(120, 155) == [255, 255, 255, 255], "no shadow outside the mask")
        #expect(img.rgba(60, 80) == [0, 0, 255, 255], "the layer inside the mask")
        #expect(img.rgba(120, 80) == [255, 255, 255, 255], "no layer outside the mask")
        #expect(img.rgba(60, 185) == [255, 255, 255, 255], "the mask ends at 140 points")
    }
}
