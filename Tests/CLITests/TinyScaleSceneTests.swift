import Foundation
import Testing

/// A valid scene of 10²⁹⁹ points at scale 10⁻²⁹⁷ (100 × 100 pixels): commands that size something in
/// points (`soak --scene` describing it, `show` opening a window) once converted those sizes to `Int` and
/// trapped. `render` and `soak` draw it; `show` sizes its window in pixels (100 × 100), so without
/// a compositor it fails only for want of one.
@Suite struct TinyScaleSceneTests {
    static let scene = #"""
        {"width": 1e299, "height": 1e299, "scale": 1e-297, "background": "white",
         "root": {"backgroundColor": "red", "animations": [{"keyPath": "opacity", "from": 1, "to": 0.5, "duration": 1,
                                                            "repeatCount": "infinite"}]}}
        """#

    static func folder() throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        try scene.write(toFile: dir + "/tiny.json", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func soakDescribesAndDrawsIt() throws {
        let r = try CLIRunner.run(["soak", "--scene", "tiny.json", "--frames", "200", "--backend", "cpu", "--every", "0"],
                                  in: try Self.folder(), timeout: 120)
        #expect(r.status == 0, "exit \(r.status), stderr: \(r.stderr)")
        #expect(r.stdout.contains("tiny.json: 1e+299×1e+299 points at scale 1e-297"), "\(r.stdout)")
    }

    @Test func showSizesItInPixelsAndOnlyMissesTheCompositor() throws {
        let dir = try Self.folder()
        let r = try CLIRunner.run(["show", "tiny.json", "--backend", "cpu"], in: dir, timeout: 30,
                                  environment: ["WAYLAND_DISPLAY": "lamina-test-no-such-display", "XDG_RUNTIME_DIR": dir])
        #expect(r.status == 2, "exit \(r.status), stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("error: ") && r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("Wayland"), "\(r.stderr)")
    }

    @Test func renderDrawsItAtItsPixelSize() throws {
        let dir = try Self.folder()
        let r = try CLIRunner.run(["render", "tiny.json", "-o", "tiny.rgba", "--format", "rgba", "--backend", "cpu"], in: dir)
        #expect(r.status == 0, "exit \(r.status), stderr: \(r.stderr)")
        #expect((try? FileManager.default.attributesOfItem(atPath: dir + "/tiny.rgba")[.size] as? Int) == 100 * 100 * 4)
    }
}
