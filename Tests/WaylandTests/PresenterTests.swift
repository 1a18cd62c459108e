import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaWayland
import Testing

/// The Wayland presenter and frame loop in this process, against a real headless Weston.
@Suite("Wayland presenter", .serialized, .timeLimit(.minutes(3)))
struct PresenterTests {
    @Test("an animation presents 120 frames, each with feedback, each damaging only what moved")
    func animationDamage() throws {
        let weston = try HeadlessWeston(width: 320, height: 240, logProtocol: true)
        defer { weston.stop() }
        let presenter = try WaylandPresenter(displayName: weston.socketPath,
                                             options: .init(width: 320, height: 240, fullscreen: true))
        let source = SceneFrameSource(backend: CPUBackend(), animatesFor: .infinity) { t, w, h, _ in
            let p = (t * 60).truncatingRemainder(dividingBy: 500)
            return try Scenes.moving(width: w, height: h, boxAt: 10 + (p < 250 ? p : 500 - p))
        }
        let loop = FrameLoop(presenter: presenter, source: source)
        var frames: [SourceFrame] = []
        try loop.run(frames: 120) { frames.append($0) }
        let stats = loop.statistics
        #expect(stats.presented >= 120)
        #expect(stats.discardedCount == 0)
        try presenter.sync()
        let log = ProtocolLog(weston.logText())
        #expect(log.presentedEvents >= 120)
        try #require(log.commits.count >= frames.count, "commits \(log.commits.count), frames \(frames.count)")
        let drawn = Array(log.commits.suffix(frames.count))
        #expect(drawn[0] == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
        var moving = 0
        for (sent, frame) in zip(drawn.dropFirst(), frames.dropFirst()) {
            #expect(sent == frame.damage)
            let area = sent.reduce(0) { $0 + $1.area }
            #expect(area > 0 && area <= 320 * 240 / 10, "damage \(sent)")
            if area > 0 { moving += 1 }
        }
        #expect(moving == frames.count - 1)
    }

    @Test("going fullscreen resizes the window, the root follows and everything is redrawn")
    func resize() throws {
        let weston = try HeadlessWeston(width: 320, height: 240, logProtocol: true)
        defer { weston.stop() }
        let scene = try SceneDecoder().decode(Scenes.still(width: 160, height: 120))
        let presenter = try WaylandPresenter(displayName: weston.socketPath, options: .init(width: 160, height: 120))
        let loop = FrameLoop(presenter: presenter, source: SceneFrameSource(backend: CPUBackend(), fitting: scene))
        var sizes: [Int] = []
        try loop.run(frames: 1) { sizes.append($0.width * 1000 + $0.height) }
        try presenter.setFullscreen(true)
        try presenter.sync()
        try loop.run(frames: 2) { sizes.append($0.width * 1000 + $0.height) }
        #expect(sizes == [160_120, 320_240])
        try presenter.sync()
        #expect(ProtocolLog(weston.logText()).commits.last == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
        let shot = try weston.screenshot()
        let expected = try CPUBackend().render(try RenderPlanner.plan(scene.fitted(width: 320, height: 240, scale: 1)))
        try #require(shot.width == 320 && shot.height == 240)
        #expect(ShowCommandTests.maxDifference(shot, expected) <= 2)
        #expect(shot[300, 200] == SIMD4(0x2d, 0x33, 0x40, 255), "the root's background must fill the new size")
    }
    @Test("frames that stay on the GPU: an EGL window surface follows a resize and shows the render's pixels")
    func eglWindowResize() throws {
        let weston = try HeadlessWeston(width: 320, height: 240, logProtocol: true)
        defer { weston.stop() }
        let scene = try SceneDecoder().decode(Scenes.still(width: 160, height: 120))
        let presenter = try WaylandPresenter(displayName: weston.socketPath, options: .init(width: 160, height: 120))
        let gpu = try GLESBackend(native: .wayland(presenter.displayPointer))
        try presenter.attachWindowSurface { try GLESWindowSurface(backend: gpu, nativeWindow: $0) }
        #expect(presenter.pathDescription.contains("EGL window surface"))
        let loop = FrameLoop(presenter: presenter, source: SceneFrameSource(backend: gpu, fitting: scene, readsBack: false))
        var sizes: [Int] = []
        try loop.run(frames: 1) {
            #expect($0.bitmap == nil, "the frame stays on the GPU")
            sizes.append($0.width * 1000 + $0.height)
        }
        try presenter.setFullscreen(true)
        try presenter.sync()
        try loop.run(frames: 2) { sizes.append($0.width * 1000 + $0.height) }
        #expect(sizes == [160_120, 320_240])
        try presenter.sync()
        let shot = try weston.screenshot()
        let expected = try CPUBackend().render(try RenderPlanner.plan(scene.fitted(width: 320, height: 240, scale: 1)))
        try #require(shot.width == 320 && shot.height == 240)
        #expect(ShowCommandTests.maxDifference(shot, expected) <= 2)
        #expect(shot[300, 200] == SIMD4(0x2d, 0x33, 0x40, 255), "the root's background must fill the new size")
    }
}
