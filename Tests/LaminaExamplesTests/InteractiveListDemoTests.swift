import ExampleUI
import Lamina
import LaminaCPU
import LaminaText
import LaminaWayland
import Testing

/// The example app's behaviour under scripted input on a manual clock: momentum, rubber band, throw, tap.
@Suite struct InteractiveListDemoTests {
    final class Session {
        let demo = InteractiveListDemo()
        let clock = ManualFrameClock()
        var frame = 0

        init() {
            TextStack.install()
            demo.tree.clock = clock
        }

        /// Hands `events` to the demo at the current frame, then lets `frames` frames pass.
        func step(_ events: [InputEvent], frames: Int = 1) {
            clock.set(Double(frame) / 60)
            events.forEach(demo.handle)
            for _ in 0..<frames {
                frame += 1
                clock.set(Double(frame) / 60)
                _ = demo.tree.nextFrame()
            }
        }

        func drag(from a: Point, to b: Point, frames: Int) {
            step([.pointerButton(button: 0x110, pressed: true, at: a)])
            for k in 1...frames {
                let t = Double(k) / Double(frames)
                step([.pointerMoved(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))])
            }
        }

        func release(at p: Point, thenFrames frames: Int) {
            step([.pointerButton(button: 0x110, pressed: false, at: p)], frames: frames)
        }
    }

    @Test func aFlickCarriesTheListOnAndItComesToRestInsideItsRange() {
        let s = Session()
        s.drag(from: Point(240, 700), to: Point(240, 400), frames: 6)
        let released = s.demo.shownOffset
        #expect(abs(released - -300) < 1e-9, "the content followed the pointer: \(released)")
        s.release(at: Point(240, 400), thenFrames: 2)
        let target = s.demo.restingOffset
        #expect(target < released - 300, "momentum: a 3000 pt/s flick travels on, to \(target)")
        #expect(target >= InteractiveListDemo.minimumOffset)
        #expect(s.demo.shownOffset < released && s.demo.shownOffset > target, "moving on: \(s.demo.shownOffset)")
        s.step([], frames: 180)
        #expect(abs(s.demo.shownOffset - target) < 0.5, "at rest after 3 s: \(s.demo.shownOffset) vs \(target)")
    }

    @Test func pullingPastTheTopResistsAndSpringsBack() {
        let s = Session()
        s.drag(from: Point(240, 300), to: Point(240, 700), frames: 20)
        let shown = s.demo.shownOffset
        #expect(shown > 0 && shown < 400, "rubber band: 400 pt of pull shows \(shown)")
        #expect(abs(shown - ScrollPhysics.rubberBand(400, dimension: InteractiveListDemo.viewport.height)) < 1e-9)
        s.release(at: Point(240, 700), thenFrames: 1)
        #expect(s.demo.restingOffset == 0)
        s.step([], frames: 120)
        #expect(abs(s.demo.shownOffset) < 0.5, "back at the top: \(s.demo.shownOffset)")
    }

    @Test func aThrownCardGlidesOnAndStaysInTheWindow() {
        let s = Session()
        let card = s.demo.cards[0]
        let start = card.position
        s.drag(from: Point(100, 350), to: Point(220, 360), frames: 4)
        #expect(abs(card.position.x - (start.x + 120)) < 1e-9)
        s.release(at: Point(220, 360), thenFrames: 1)
        let rest = card.position
        #expect(rest.x > start.x + 120, "the throw carries it on to \(rest.x)")
        #expect(rest.x + card.bounds.width / 2 <= InteractiveListDemo.size.width, "inside the window")
        s.step([], frames: 120)
        #expect(abs(card.presentation().position.x - rest.x) < 0.5)
    }

    @Test func theButtonCountsTapsReleasedInsideIt() {
        let s = Session()
        s.step([.pointerButton(button: 0x110, pressed: true, at: Point(400, 50))], frames: 6)
        #expect(s.demo.button.affineTransform != .identity, "pressed state")
        s.step([.pointerButton(button: 0x110, pressed: false, at: Point(400, 50))], frames: 6)
        #expect(s.demo.taps == 1)
        #expect(s.demo.label.text?.string == "Tapped 1 time")
        s.step([.pointerButton(button: 0x110, pressed: true, at: Point(400, 50))])
        s.step([.pointerMoved(Point(200, 400))])
        s.step([.pointerButton(button: 0x110, pressed: false, at: Point(200, 400))])
        #expect(s.demo.taps == 1, "released outside: no tap")
        #expect(s.demo.button.affineTransform == .identity)
    }

    @Test func theScriptedSessionRunsToTheEnd() {
        let s = Session()
        for step in ScriptedSession.steps { s.step(step.events, frames: step.frames) }
        #expect(s.demo.taps == 1)
        #expect(s.demo.restingOffset <= 0 && s.demo.restingOffset >= InteractiveListDemo.minimumOffset)
    }

    @Test func theScriptPlayedFrameByFrameReachesTheSameEndAndThenAsksForNoFrames() throws {
        let s = Session()
        let scripted = ScriptedFrameSource(wrapping: TreeFrameSource(tree: s.demo.tree, backend: CPUBackend()), demo: s.demo)
        var slots = 0
        while scripted.isAnimating && slots < 2_000 {
            s.clock.set(Double(slots) / 60)
            _ = try scripted.frame(at: Double(slots) / 60, width: 480, height: 800, scale: 1)
            slots += 1
        }
        #expect(scripted.isFinished && !scripted.isAnimating, "ended after \(slots) slots")
        #expect(slots < ScriptedSession.steps.reduce(0) { $0 + $1.frames }, "steps start early once the demo rests")
        #expect(s.demo.taps == 1)
        #expect(s.demo.restingOffset <= 0 && s.demo.restingOffset >= InteractiveListDemo.minimumOffset)
    }
}
