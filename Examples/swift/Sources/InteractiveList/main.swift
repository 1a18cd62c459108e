import Foundation
import ExampleUI
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaPNG
import LaminaText
import LaminaWayland

// lamina-example-ui: the InteractiveListDemo in a Wayland window (scroll the list, flick it past its ends,
// drag and throw the cards, tap the button), or with `--headless DIR` a scripted session — a flick, a pull
// past the top, a throw and a tap — drawn at 60 frames a second on the CPU, every tenth frame written to DIR,
// with the time each frame took to draw. `--script` plays the same session in the window at the compositor's
// pace and prints what it presented (frames shown and missed, intervals between them) when it ends.

TextStack.install()
let arguments = CommandLine.arguments.dropFirst()
let demo = InteractiveListDemo()

if let flag = arguments.firstIndex(of: "--headless") {
    guard arguments.indices.contains(flag + 1) else {
        FileHandle.standardError.write(Data("lamina-example-ui: --headless needs a folder\n".utf8))
        exit(1)
    }
    let folder = arguments[flag + 1]
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let clock = ManualFrameClock()
    demo.tree.clock = clock
    let renderer = IncrementalRenderer(backend: CPUBackend())
    var frame = 0
    var milliseconds: [Double] = []
    for step in ScriptedSession.steps {
        clock.set(Double(frame) / 60)
        for event in step.events { demo.handle(event) }
        for _ in 0..<step.frames {
            clock.set(Double(frame) / 60)
            let start = DispatchTime.now().uptimeNanoseconds
            let drawn = try renderer.render(demo.tree, readBack: true)
            milliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            if frame % 10 == 0, let bitmap = drawn.bitmap {
                try PNGEncoder.write(bitmap, to: "\(folder)/frame-\(String(format: "%04d", frame)).png")
            }
            frame += 1
        }
    }
    let sorted = milliseconds.sorted()
    let over = milliseconds.filter { $0 > 1000.0 / 60 }.count
    print("lamina-example-ui: \(frame) frames, \(demo.taps) tap(s), list resting at \(demo.restingOffset) pt; PNGs in \(folder)")
    print(String(format: "frame render (CPU, incremental, read back): median %.2f ms, p99 %.2f ms, max %.2f ms; %d of %d over 16.67 ms",
                 sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)], sorted.last ?? 0, over, frame))
    exit(0)
}

do {
    let presenter = try WaylandPresenter(options: .init(width: Int(InteractiveListDemo.size.width),
                                                        height: Int(InteractiveListDemo.size.height), title: "Lamina UI"))
    presenter.onInput = { demo.handle($0) }
    presenter.stopOnSignals([SIGINT, SIGTERM])
    let source = TreeFrameSource(tree: demo.tree, backend: CPUBackend())
    guard arguments.contains("--script") else {
        _ = try FrameLoop(presenter: presenter, source: source).run()
        exit(0)
    }
    let scripted = ScriptedFrameSource(wrapping: source, demo: demo)
    let loop = FrameLoop(presenter: presenter, source: scripted)
    _ = try loop.run(frames: 100_000)
    let s = loop.statistics
    print("lamina-example-ui --script: \(scripted.frames) frame slots, \(demo.taps) tap(s); "
          + "presented \(s.presented), missed \(s.missed) (\(String(format: "%.2f", s.presented == 0 ? 0 : 100 * Double(s.missed) / Double(s.presented + s.missed))) %), "
          + "submitted \(s.submitted)")
    print(String(format: "interval between presentations: median %.2f ms, p95 %.2f ms, refresh %.2f ms",
                 s.medianInterval * 1000, s.p95Interval * 1000, s.refresh * 1000))
} catch {
    FileHandle.standardError.write(Data("lamina-example-ui: \(error) (run it in a Wayland session, or with --headless DIR)\n".utf8))
    exit(2)
}
