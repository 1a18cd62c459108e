import Foundation
import Lamina
import LaminaCPU
import LaminaWayland
import Testing

/// Real input through a real compositor: a headless sway, a test client injecting pointer, button, scroll
/// and key events with wlroots' virtual pointer and keyboard, the presenter in this process receiving them.
@Suite("Wayland input (headless sway)", .serialized, .timeLimit(.minutes(2)),
       .enabled(if: HeadlessSway.installed, "sway is not installed (apt-get install sway): the real-input tests are skipped"))
struct InputTests {
    /// Dispatches the presenter's connection until `count` events arrived or 5 s passed.
    static func collect(_ presenter: WaylandPresenter, into events: inout [InputEvent], until done: ([InputEvent]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(5)
        while !done(events) && Date() < deadline {
            try presenter.dispatchEvents(timeout: 0.1)
            events += presenter.takeInput()
        }
    }

    /// Draws the scene until the window is mapped at the size sway tiles it to. (`FrameLoop.run(frames:)`
    /// is not used: sway 1.7 headless here sent no `wp_presentation_feedback.presented` for the commit
    /// after the tiling configure, so a loop counting presented frames waited for ever.)
    static func map(_ presenter: WaylandPresenter, scene json: String) throws {
        let source = SceneFrameSource(backend: CPUBackend(), fitting: try SceneDecoder().decode(json))
        for _ in 0..<3 {
            guard let slot = try presenter.waitForFrame(wantsFrame: true) else { throw SwayFailure(message: "the window closed") }
            let frame = try source.frame(at: 0, width: slot.width, height: slot.height, scale: slot.scale)
            let all = [PixelRect(x: 0, y: 0, width: slot.width, height: slot.height)]
            let buffer = try presenter.acquireBuffer()
            try buffer.write(frame, rects: all)
            try presenter.present(buffer, damage: all)
            try presenter.sync()
            if !presenter.needsRedraw { return }
        }
    }

    @Test("pointer motion, a click, a scroll and a key reach the program in order, in canvas points, with keysym and text")
    func pointerAndKeyboard() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        defer { sway.stop() }
        let presenter = try WaylandPresenter(displayName: sway.socketPath, options: .init(width: 320, height: 240))
        presenter.canvasScale = 2
        try Self.map(presenter, scene: Scenes.still(width: 320, height: 240))
        let input = try VirtualInput(socket: sway.socketPath, extent: (640, 480))
        try presenter.sync()
        #expect(presenter.hasSeat)

        var events: [InputEvent] = []
        try input.move(to: 100, 50)
        try Self.collect(presenter, into: &events) { $0.contains(.pointerEntered(Point(50, 25))) || $0.contains(.pointerMoved(Point(50, 25))) }
        try input.move(to: 200, 100)
        try input.button(0x110, pressed: true)
        try input.button(0x110, pressed: false)
        try input.scroll(axis: 0, by: 15)
        try input.key(30, pressed: true)
        try input.key(30, pressed: false)
        try Self.collect(presenter, into: &events) { $0.filter { if case .key = $0 { true } else { false } }.count >= 2 }

        let log = "events: \(events)\nsway log: \(sway.logText().suffix(1500))"
        try #require(!events.isEmpty, "no events arrived; \(log)")
        guard case .pointerEntered = events.first else {
            Issue.record("the first event must be the pointer entering: \(log)")
            return
        }
        let pointer = events.filter { if case .key = $0 { false } else { true } }
        // Sway enters at (100, 50) on the output, or enters where its cursor was and then moves there.
        let first = pointer.firstIndex { $0 == .pointerEntered(Point(50, 25)) || $0 == .pointerMoved(Point(50, 25)) }
        let second = pointer.firstIndex(of: .pointerMoved(Point(100, 50)))
        #expect(first != nil && second != nil && first! < second!, "\(log)")
        let afterEnter = pointer.drop { $0 != .pointerMoved(Point(100, 50)) }
        #expect(Array(afterEnter) == [
            .pointerMoved(Point(100, 50)),
            .pointerButton(button: 0x110, pressed: true, at: Point(100, 50)),
            .pointerButton(button: 0x110, pressed: false, at: Point(100, 50)),
            .scroll(dx: 0, dy: 7.5, at: Point(100, 50)),
        ], "\(log)")
        let keys = events.filter { if case .key = $0 { true } else { false } }
        #expect(keys == [
            .key(keysym: 0x61, text: "a", pressed: true, modifiers: []),
            .key(keysym: 0x61, text: "", pressed: false, modifiers: []),
        ], "\(log)")
        if let scroll = events.firstIndex(where: { if case .scroll = $0 { true } else { false } }),
           let key = events.firstIndex(where: { if case .key = $0 { true } else { false } }) {
            #expect(scroll < key, "the key was sent after the scroll")
        }
    }

    @Test("input arriving while the program waits is handed to onInput before the frame slot it asks for")
    func onInputBeforeFrame() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        defer { sway.stop() }
        let presenter = try WaylandPresenter(displayName: sway.socketPath, options: .init(width: 640, height: 480))
        try Self.map(presenter, scene: Scenes.still(width: 640, height: 480))
        let input = try VirtualInput(socket: sway.socketPath, extent: (640, 480))
        try presenter.sync()
        var delivered: [InputEvent] = []
        presenter.onInput = { delivered.append($0) }
        try input.move(to: 30, 40)
        let deadline = Date().addingTimeInterval(5)
        var slot: FrameSlot?
        while slot == nil && Date() < deadline {
            slot = try presenter.waitForFrame(wantsFrame: false)
        }
        #expect(slot != nil, "input asks for a frame")
        #expect(delivered.first == .pointerEntered(Point(30, 40)), "\(delivered)")
    }

    static let draggable = """
        {"width": 640, "height": 480, "root": {"frame": [0, 0, 640, 480], "backgroundColor": "#202020", "sublayers": [
          {"name": "card", "frame": [40, 40, 120, 80], "backgroundColor": "#e0a030"}]}}
        """

    /// Polls screenshots until `check` holds (5 s at most); the last screenshot.
    static func screen(_ sway: HeadlessSway, until check: (Bitmap) -> Bool) throws -> Bitmap {
        let deadline = Date().addingTimeInterval(5)
        var shot = try sway.screenshot()
        while !check(shot) && Date() < deadline {
            usleep(100_000)
            shot = try sway.screenshot()
        }
        return shot
    }

    static func near(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Bool {
        (0..<4).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) <= 2 }
    }

    static let cardColor = SIMD4<UInt8>(0xe0, 0xa0, 0x30, 255)
    static let hoverBlue = SIMD4<UInt8>(59, 130, 245, 255)

    /// Starts `lamina show --interactive` (and `extra` options) on `file` (the `draggable` scene) in `sway`,
    /// waits for the card on screen, moves the virtual pointer onto it and waits for its hover border.
    static func showHoveredCard(_ sway: HeadlessSway, file: URL, extra: [String] = []) throws -> (ShowProcess, VirtualInput) {
        let show = try ShowProcess(["show", "--interactive", "--backend", "cpu"] + extra + [file.path],
                                   environment: ["WAYLAND_DISPLAY": sway.socketPath], in: sway.runtimeDirectory)
        let shown = try screen(sway) { near($0[100, 80], cardColor) }
        try #require(near(shown[100, 80], cardColor), "the window never showed; \(show.errorText) \(sway.logText().suffix(1000))")
        let input = try VirtualInput(socket: sway.socketPath, extent: (640, 480))
        try input.move(to: 100, 80)
        try input.move(to: 101, 80)
        let hovered = try screen(sway) { near($0[41, 80], hoverBlue) }
        try #require(near(hovered[41, 80], hoverBlue), "the hover border never showed: \(hovered[41, 80]); \(show.errorText)")
        return (show, input)
    }

    @Test("lamina show --interactive: the hovered card gets a blue border and a drag moves it on screen",
          .enabled(if: HeadlessSway.grimInstalled, "grim is not installed: the screen check is skipped"))
    func showInteractiveDrag() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        defer { sway.stop() }
        let file = sway.runtimeDirectory.appending(path: "drag.json")
        try Data(Self.draggable.utf8).write(to: file)
        let (show, input) = try Self.showHoveredCard(sway, file: file)
        defer { show.stop() }
        let card = Self.cardColor, background = SIMD4<UInt8>(0x20, 0x20, 0x20, 255), blue = Self.hoverBlue
        try input.button(0x110, pressed: true)
        try input.move(to: 250, 180)
        try input.move(to: 401, 300)
        try input.button(0x110, pressed: false)
        // Sway draws its cursor right of and below the pointer (401, 300): pixels away from it are read.
        let shot = try Self.screen(sway) { Self.near($0[450, 270], card) && Self.near($0[100, 80], background) }
        #expect(Self.near(shot[450, 270], card), "the card must have moved by the drag: \(shot[450, 270])")
        #expect(Self.near(shot[380, 330], card), "the card must have moved by the drag: \(shot[380, 330])")
        #expect(Self.near(shot[470, 300], background), "right of the moved card: \(shot[470, 300])")
        #expect(Self.near(shot[100, 80], background), "the card's old place must show the root: \(shot[100, 80])")
        #expect(Self.near(shot[341, 300], blue), "still hovered after the drag: \(shot[341, 300])")
        #expect(show.process.isRunning, "\(show.errorText)")
    }
}
