import Foundation
import LaminaPNG
import Testing

/// The subcommands end to end: render on both backends, plan, frame, info, diff, and the environment exit code.
@Suite struct CommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Examples").path

    @Test func renderBothBackendsAgree() throws {
        let out = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run(["render", "listing-4.3-shadow-view.json", "-o", out + "/a.png", "--backend", "both"], in: Self.examples)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("gpu vs cpu: max "), "\(r.stdout)")
        let bitmap = try PNGDecoder.decode(contentsOfFile: out + "/a.png")
        #expect(bitmap.width == 800 && bitmap.height == 440, "scale 2 canvas of 400×220 points")
    }

    @Test func scaleOptionOverridesTheScene() throws {
        let out = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run(["render", "listing-4.3-shadow-view.json", "-o", out + "/a.png", "--backend", "cpu", "--scale", "1"], in: Self.examples)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try PNGDecoder.decode(contentsOfFile: out + "/a.png").width == 400)
        let bad = try CLIRunner.run(["render", "listing-4.3-shadow-view.json", "-o", out + "/b.png", "--scale", "-1"], in: Self.examples)
        #expect(bad.status != 0)
    }

    /// The shared benchmark scenes beside the checkout (`../shared/bench`), present on CI and developer machines.
    static let bench = URL(fileURLWithPath: examples).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "shared/bench").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: bench + "/cards-1000.json"), "needs ../shared/bench"))
    func planShowsClosedFormShadowsForTheCards() throws {
        let bench = Self.bench
        let r = try CLIRunner.run(["plan", "cards-1000.json", "--summary"], in: bench)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("shadow closed-form: 1000"), "\(r.stdout)")
        #expect(!r.stdout.contains("shadow blurred"))
        #expect(!r.stdout.contains("shadow silhouette"))
    }

    @Test func frameListsTheGPUPassesOfAShadowThatFollowsContent() throws {
        let r = try CLIRunner.run(["frame", "figure-4.8-masks-to-bounds-clips-shadow.json"], in: Self.examples)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "pass 1: canvas 800×440", "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("  draw blur_pass.frag ×1") && $0.hasSuffix("no blending") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("  draw blur_composite.frag") }, "\(r.stdout)")
        #expect(lines.last?.range(of: #"^\d+ steps: \d+ passes, \d+ draws of \d+ quads, 0 flushes$"#, options: .regularExpression) != nil,
                "\(r.stdout)")
        let bad = try CLIRunner.run(["frame", "figure-4.8-masks-to-bounds-clips-shadow.json", "--frames", "0"], in: Self.examples)
        #expect(bad.status == 1 && bad.stderr.hasPrefix("error: "), "\(bad.stderr)")
    }

    @Test func infoReportsAHeadlessPlatform() throws {
        let r = try CLIRunner.run(["info"], in: Self.examples)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("EGL platform: surfaceless") || r.stdout.contains("EGL platform: device") || r.stdout.contains("EGL platform: gbm"))
        #expect(r.stdout.contains("GL renderer: "))
        #expect(r.stdout.contains("GL max texture size: "))
    }

    @Test func missingPlatformIsAnEnvironmentError() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/dri") else { return }
        let r = try CLIRunner.run(["info"], in: Self.examples, environment: ["LAMINA_EGL_PLATFORM": "gbm"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("error: ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    @Test func diffCountsPixelsOverTheThreshold() throws {
        let out = try CLIRunner.temporaryDirectory()
        _ = try CLIRunner.run(["render", "listing-4.1-corner-radius.json", "-o", out + "/a.png", "--backend", "cpu"], in: Self.examples)
        _ = try CLIRunner.run(["render", "listing-4.2-border.json", "-o", out + "/b.png", "--backend", "cpu"], in: Self.examples)
        let same = try CLIRunner.run(["diff", "a.png", "a.png"], in: out)
        #expect(same.stdout.contains("max 0/255") && same.stdout.contains("PSNR inf"), "\(same.stdout)")
        let differ = try CLIRunner.run(["diff", "a.png", "b.png", "--out", "d.png", "--strict"], in: out)
        #expect(differ.status == 1)
        #expect(differ.stdout.contains("max 255/255"), "\(differ.stdout)")
        #expect(FileManager.default.fileExists(atPath: out + "/d.png"))
    }
}
