import Foundation
import Lamina
import LaminaPNG
import Testing

/// `lamina show` against a real headless Weston: what reaches the screen, and how it ends.
@Suite("lamina show", .serialized, .timeLimit(.minutes(3)))
struct ShowCommandTests {
    /// The largest channel difference between two bitmaps of the same size.
    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for i in 0..<a.pixels.count { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        return worst
    }

    @Test("a still scene shown fullscreen equals lamina render of it", arguments: ["cpu", "gpu", "gpu-egl"])
    func fullscreenMatchesRender(path: String) throws {
        let backend = path == "cpu" ? "cpu" : "gpu"
        let present = path == "gpu-egl" ? ["--present", "egl"] : path == "gpu" ? ["--present", "shm"] : []
        let dir = try Scenes.temporaryDirectory()
        let scene = try Scenes.write(Scenes.still(width: 320, height: 240), in: dir)
        let weston = try HeadlessWeston(width: 320, height: 240)
        defer { weston.stop() }
        var env = weston.clientEnvironment
        env["WAYLAND_DEBUG"] = "client"
        let show = try ShowProcess(["show", scene.path, "--fullscreen", "--backend", backend] + present, environment: env, in: dir)
        defer { show.stop() }
        try #require(show.waitFor(".presented("), "no presentation: \(show.errorText.suffix(1500))")
        let shot = try weston.screenshot()
        let reference = dir.appending(path: "reference.png")
        let render = Process()
        render.executableURL = URL(fileURLWithPath: ShowProcess.binary)
        render.arguments = ["render", scene.path, "-o", reference.path, "--backend", backend]
        try render.run()
        render.waitUntilExit()
        try #require(render.terminationStatus == 0)
        let expected = try PNGDecoder.decode(contentsOfFile: reference.path)
        try #require(shot.width == expected.width && shot.height == expected.height,
                     "screenshot \(shot.width)×\(shot.height), render \(expected.width)×\(expected.height)")
        #expect(Self.maxDifference(shot, expected) <= 2)
    }

    /// Runs `lamina show` (with `arguments`) for 120 frames of a red box moving along rows 30–50 over the
    /// still scene, fullscreen against a 320×240 Weston; returns its `--stats` output and the client's
    /// protocol log, having checked that it exited 0 and that 120 frames were presented with feedback.
    static func showMovingBox(_ arguments: [String]) throws -> (stats: String, log: ProtocolLog) {
        let dir = try Scenes.temporaryDirectory()
        var text = Scenes.still(width: 320, height: 240)
        let box = #"{"frame": [10, 30, 20, 20], "backgroundColor": "red", "animations": [{"keyPath": "position.x", "from": 20, "to": 300, "duration": 3, "repeatCount": "infinite", "autoreverses": true}]}"#
        text = text.replacingOccurrences(of: "]}}", with: ", " + box + "]}}")
        let scene = try Scenes.write(text, in: dir)
        let weston = try HeadlessWeston(width: 320, height: 240)
        defer { weston.stop() }
        var env = weston.clientEnvironment
        env["WAYLAND_DEBUG"] = "client"
        let show = try ShowProcess(["show", scene.path, "--fullscreen"] + arguments + ["--frames", "120", "--stats"],
                                   environment: env, in: dir)
        defer { show.stop() }
        #expect(show.waitForExit(seconds: 150) == 0, "\(show.errorText.suffix(800))")
        let presented = show.outputText.firstMatch(of: /frames presented: (\d+)/).flatMap { Int($0.1) } ?? 0
        #expect(presented >= 120, "\(show.outputText)")
        let log = ProtocolLog(show.errorText, side: .client)
        #expect(log.presentedEvents >= 120)
        return (show.outputText, log)
    }

    @Test("an animated scene presents 120 frames, each with feedback and only the moving box damaged")
    func animatedScene() throws {
        let (_, log) = try Self.showMovingBox(["--backend", "cpu"])
        let drawn = log.commits.filter { !$0.isEmpty }
        try #require(drawn.count >= 120, "commits with damage: \(drawn.count)")
        #expect(drawn[0] == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
        for sent in drawn.dropFirst() {
            let area = sent.reduce(0) { $0 + $1.area }
            #expect(area > 0 && area <= 320 * 240 / 10, "damage \(sent)")
            #expect(sent.allSatisfy { $0.y + $0.height > 30 && $0.y < 50 }, "damage outside the box's rows: \(sent)")
        }
    }

    @Test("the GPU path through an EGL window surface presents 120 frames with feedback and sends the damage it reports")
    func eglWindowSurface() throws {
        let (stats, log) = try Self.showMovingBox(["--backend", "gpu", "--present", "egl"])
        #expect(stats.contains("wl_egl_window, EGL window surface"))
        let swaps = zip(log.commits, log.surfaceDamage).filter { !$0.0.isEmpty || !$0.1.isEmpty }
        try #require(swaps.count >= 120, "commits with damage: \(swaps.count)")
        if stats.contains("swap with damage no") {
            for (_, surface) in swaps {
                #expect(surface.contains { $0.x <= 0 && $0.y <= 0 && $0.width >= 320 && $0.height >= 240 },
                        "eglSwapBuffers without the damage extension damages the whole surface: \(surface)")
            }
        } else {
            for (sent, _) in swaps.dropFirst() {
                let area = sent.reduce(0) { $0 + $1.area }
                #expect(area > 0 && area <= 320 * 240 / 10, "damage \(sent)")
            }
        }
    }

    @Test("killing the compositor ends lamina show with exit code 2 and one line", arguments: ["cpu", "egl"])
    func compositorGoesAway(path: String) throws {
        let dir = try Scenes.temporaryDirectory()
        let scene = try Scenes.write(Scenes.still(width: 200, height: 150), in: dir)
        let weston = try HeadlessWeston(width: 320, height: 240)
        defer { weston.stop() }
        var env = weston.clientEnvironment
        env["WAYLAND_DEBUG"] = "client"
        let arguments = path == "cpu" ? ["--backend", "cpu"] : ["--backend", "gpu", "--present", "egl"]
        let show = try ShowProcess(["show", scene.path] + arguments, environment: env, in: dir)
        defer { show.stop() }
        try #require(show.waitFor(".presented("), "no presentation: \(show.errorText.suffix(1500))")
        weston.stop(signal: SIGKILL)
        let status = show.waitForExit(seconds: 10)
        #expect(status == 2, "lamina show still running or exited \(String(describing: status))")
        let errors = show.errorText.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("lost the Wayland compositor") == true)
    }

    @Test("without a Wayland display lamina show exits 2 with one clear line")
    func noDisplay() throws {
        let dir = try Scenes.temporaryDirectory()
        let scene = try Scenes.write(Scenes.still(width: 100, height: 100), in: dir)
        let unset = try ShowProcess(["show", scene.path, "--backend", "cpu"], environment: [:], in: dir)
        #expect(unset.waitForExit(seconds: 30) == 2)
        #expect(unset.errorText == "error: no Wayland display: WAYLAND_DISPLAY is not set (lamina show needs a running Wayland compositor)\n")
        let runtime = try Scenes.temporaryDirectory()
        let missing = try ShowProcess(["show", scene.path, "--backend", "cpu"],
                                      environment: ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "no-such-socket"], in: dir)
        #expect(missing.waitForExit(seconds: 30) == 2)
        #expect(missing.errorText.hasPrefix("error: cannot connect to the Wayland display 'no-such-socket': "))
        #expect(missing.errorText.split(separator: "\n").count == 1)
    }
}
