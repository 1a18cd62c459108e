import Foundation
import Lamina
import LaminaCPU
import LaminaWayland
import Testing

/// An app's retained layer tree attached to a window: live layers moved from the frame callback, and the
/// frames presented on a real headless Weston show them with only the changed pixels sent.
@Suite("A retained tree in a window", .serialized, .timeLimit(.minutes(3)))
struct TreeWindowTests {
    @Test("moving a live layer each frame presents each change, damaging only its old and new place")
    func liveLayerMoves() throws {
        let weston = try HeadlessWeston(width: 320, height: 240, logProtocol: true)
        defer { weston.stop() }
        let tree = LayerTree(scene: try Scenes.moving(width: 320, height: 240, boxAt: 10))
        let box = try #require(tree.root.sublayers.last)
        let presenter = try WaylandPresenter(displayName: weston.socketPath, options: .init(width: 320, height: 240, fullscreen: true))
        var moves = 0
        let source = TreeFrameSource(tree: tree, backend: CPUBackend(), budget: nil) { _, _ in
            box.position.x += 2
            moves += 1
        }
        let loop = FrameLoop(presenter: presenter, source: source)
        var frames: [SourceFrame] = []
        try loop.run(frames: 60) { frames.append($0) }
        #expect(loop.statistics.presented >= 60)
        #expect(moves >= 60)
        try presenter.sync()
        let drawn = Array(ProtocolLog(weston.logText()).commits.suffix(frames.count))
        #expect(drawn.first == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
        for (sent, frame) in zip(drawn.dropFirst(), frames.dropFirst()) {
            #expect(sent == frame.damage)
            let area = sent.reduce(0) { $0 + $1.area }
            #expect(area > 0 && area <= 2 * 30 * 30, "damage \(sent)")
        }
        let last = try #require(frames.last)
        let expected = try CPUBackend().render(try RenderPlanner.plan(tree.scene))
        #expect(last.bitmap == expected, "the last frame shows the tree as it is now")
        let shot = try weston.screenshot()
        #expect(ShowCommandTests.maxDifference(shot, expected) <= 2)
    }
}
