import Foundation
import Lamina
import Testing

/// `lamina show` against compositors that do not answer, and scenes whose points are far from their pixels.
@Suite("lamina show limits", .serialized, .timeLimit(.minutes(2)))
struct ShowLimitsTests {
    /// A "compositor" that accepts connections (the kernel completes them from the listen backlog) and
    /// never sends a byte: a socket in a private runtime folder.
    final class SilentCompositor {
        let runtimeDirectory: URL
        let fd: Int32
        let name = "wayland-silent"

        init() throws {
            runtimeDirectory = FileManager.default.temporaryDirectory.appending(path: "lamina-silent-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = Array(runtimeDirectory.appending(path: name).path.utf8CString)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, c) in path.enumerated() where i < raw.count { raw[i] = UInt8(bitPattern: c) }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard fd >= 0, bound == 0, listen(fd, 8) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        deinit { close(fd) }

        var environment: [String: String] { ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": name] }
    }

    @Test func aCompositorThatNeverAnswersEndsWithExitTwo() throws {
        let silent = try SilentCompositor()
        let dir = try Scenes.temporaryDirectory()
        let scene = try Scenes.write(Scenes.still(width: 64, height: 48), in: dir)
        let show = try ShowProcess(["show", scene.path, "--backend", "cpu"], environment: silent.environment, in: dir)
        defer { show.stop() }
        let start = Date()
        let status = show.waitForExit(seconds: 30)
        #expect(status == 2, "exit \(String(describing: status)): \(show.errorText)")
        #expect(Date().timeIntervalSince(start) < 15)
        #expect(show.errorText.contains("the Wayland compositor accepted the connection but did not answer within 5 s"),
                "\(show.errorText)")
    }

    /// Counts pixels of the screenshot close to pure red.
    static func redPixels(_ b: Bitmap) -> Int {
        var n = 0
        for i in stride(from: 0, to: b.pixels.count, by: 4) where b.pixels[i] > 200 && b.pixels[i + 1] < 40 && b.pixels[i + 2] < 40 {
            n += 1
        }
        return n
    }

    @Test("a scene too large in points but not in pixels is shown at its pixel size",
          arguments: [(40_000.0, 30_000.0, 0.005), (1e300, 7.5e299, 2e-298)])
    func windowIsSizedInPixels(width: Double, height: Double, scale: Double) throws {
        let dir = try Scenes.temporaryDirectory()
        let text = #"{"width": \#(width), "height": \#(height), "scale": \#(scale), "background": "red", "root": {"frame": [0, 0, \#(width), \#(height)]}}"#
        let scene = try Scenes.write(text, in: dir)
        let weston = try HeadlessWeston(width: 640, height: 480)
        defer { weston.stop() }
        var env = weston.clientEnvironment
        env["WAYLAND_DEBUG"] = "client"
        let show = try ShowProcess(["show", scene.path, "--backend", "cpu"], environment: env, in: dir)
        defer { show.stop() }
        try #require(show.waitFor(".presented("), "no presentation: \(show.errorText.suffix(1500))")
        let red = Self.redPixels(try weston.screenshot())
        #expect(abs(red - 200 * 150) <= 200 * 2 + 150 * 2, "\(red) red pixels, expected a 200×150 window")
    }
}
