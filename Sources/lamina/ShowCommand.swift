import ArgumentParser
import Foundation
import Lamina
import LaminaGLES
import LaminaWayland

/// `lamina show SCENE.json`: shows a scene in a window of the running Wayland compositor, redrawing only
/// what changes, paced by the compositor's frame callbacks.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a scene in a Wayland window (needs WAYLAND_DISPLAY).",
        discussion: "The window is as large as the image `lamina render` writes (the scene's pixels at its scale), in points of the output, so the output's scale sharpens it. The root layer follows the window's size when its frame spans the canvas. Closing the window, SIGINT or SIGTERM end it with exit code 0 (after the --stats lines); a compositor that goes away or does not answer within 5 s, exit code 2.")

    @Argument(help: "The scene JSON file ('-' for standard input).")
    var scene: String

    @Option(help: "auto (default: gpu when EGL reports a hardware renderer, else cpu; gpu with --present egl), gpu (OpenGL ES 3) or cpu.")
    var backend: BackendChoice = .auto

    @Option(help: ArgumentHelp("How GPU frames reach the window: egl, shm or auto.",
                               discussion: "egl: an EGL window surface on a wl_egl_window, the damaged rects copied on the GPU, swapped with eglSwapBuffersWithDamage and repaired by EGL_EXT_buffer_age where the driver offers them. shm: read back from the GPU and the damaged rects copied into wl_shm buffers. auto (default): egl when the display's EGL offers both extensions, so that the damage sent stays exact; else shm."))
    var present: PresentPath = .auto

    @Flag(help: "Ask the compositor to show the window fullscreen.")
    var fullscreen = false

    @Option(help: "Exit after this many presented frames (a still scene ends once it is shown).")
    var frames: Int?

    @Flag(help: ArgumentHelp("Take pointer and touch input: layers with a name highlight under the pointer and can be dragged.",
                             discussion: "The scene is shown as a live layer tree; the window is the scene's size in points (the output's scale sharpens it). The hovered named layer (the hit layer or its nearest named superlayer, not the root) gets a 3-point blue border; dragging it with the left button or a finger moves its position."))
    var interactive = false

    @Flag(help: "Print frames presented and missed, presentation intervals, damage and CPU time per frame.")
    var stats = false

    @OptionGroup var memory: MemoryLimitOption

    func validate() throws {
        if backend == .both { throw ValidationError("--backend must be auto, gpu or cpu for show, got both") }
        if backend == .cpu && present == .egl { throw ValidationError("--present egl needs --backend gpu") }
        if let f = frames, f < 1 { throw ValidationError("--frames must be at least 1, got \(f)") }
    }

    func run() throws {
        try FailureReporting.run {
            let loaded = try SceneLoading.load(scene, scale: nil, assets: nil, budget: memory.budget)
            let options = WaylandPresenter.Options(
                width: interactive ? Self.points(loaded.scene.width) : loaded.scene.pixelWidth,
                height: interactive ? Self.points(loaded.scene.height) : loaded.scene.pixelHeight,
                title: (loaded.file as NSString).lastPathComponent, fullscreen: fullscreen)
            let backend = self.backend != .auto ? self.backend : present == .egl ? .gpu : self.backend.resolved
            let presenter = try WaylandPresenter(options: options)
            presenter.stopOnSignals([SIGINT, SIGTERM])
            let window = backend == .gpu && present.usesWindowSurface(presenter.eglSupport)
            let renderer: any RenderBackend
            if window {
                let gpu = try GLESBackend(options: .fromEnvironment, native: .wayland(presenter.displayPointer))
                try presenter.attachWindowSurface { try GLESWindowSurface(backend: gpu, nativeWindow: $0) }
                renderer = gpu
            } else {
                renderer = try backend.makeBackends()[0]
            }
            let source: any FrameSource
            if interactive {
                let tree = LayerTree(scene: loaded.scene)
                let scene = InteractiveScene(tree: tree)
                presenter.onInput = { scene.handle($0) }
                source = TreeFrameSource(tree: tree, backend: renderer, budget: loaded.budget, readsBack: !window)
            } else {
                source = SceneFrameSource(backend: renderer, fitting: loaded.scene, contentScale: loaded.scene.scale, budget: loaded.budget, readsBack: !window)
            }
            let loop = FrameLoop(presenter: presenter, source: source)
            let cpuBefore = ProcessUsage.cpuMilliseconds()
            let ending = try loop.run(frames: frames)
            let cpu = ProcessUsage.cpuMilliseconds() - cpuBefore
            if stats {
                var path = "\(renderer.name) render, \(presenter.pathDescription)"
                if backend == .gpu {
                    path += "; \(presenter.eglSupport)"
                    if !window { path += "; GPU frames are read back from an offscreen target and their repaired rects copied into the wl_shm buffer" }
                }
                print(Self.report(loop.statistics, cpuMilliseconds: cpu, path: path))
            }
            if ending == .closed && presenter.stoppedBySignal == 0 {
                FileHandle.standardError.write(Data("show: the compositor closed the window\n".utf8))
            }
        }
    }

    /// A canvas length in whole points for the window (at least 1).
    static func points(_ length: Double) -> Int {
        length.isFinite ? max(1, Int(min(length.rounded(.up), 1_048_576.0))) : 1
    }

    /// The `--stats` lines on frames that answered input (none without input).
    static func inputReport(_ s: PresentationStatistics) -> String {
        guard !s.inputToCommit.isEmpty else { return "" }
        func ms(_ v: [Double], _ q: Double) -> String { String(format: "%.2f", PresentationStatistics.percentile(v, q) * 1000) }
        let next = s.refreshesWaited.filter { $0 <= 1 }.count
        var line = "frames answering input: \(s.inputToCommit.count), \(next) in the first frame the display took after the event; "
            + "input read → frame handed over: median \(ms(s.inputToCommit, 0.5)) ms, p95 \(ms(s.inputToCommit, 0.95)) ms, max \(ms(s.inputToCommit, 1)) ms"
        if !s.eventToCommit.isEmpty {
            line += "; compositor's event → frame handed over: median \(ms(s.eventToCommit, 0.5)) ms, max \(ms(s.eventToCommit, 1)) ms"
        }
        return line + "\n"
    }

    /// The `--stats` lines.
    static func report(_ s: PresentationStatistics, cpuMilliseconds: Double, path: String) -> String {
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        let perFrame = s.submitted == 0 ? 0 : cpuMilliseconds / Double(s.submitted)
        return """
            frames presented: \(s.presented), missed: \(s.missed), submitted: \(s.submitted)\
            \(s.refresh > 0 ? String(format: " (refresh %.2f ms)", s.refresh * 1000) : "")
            interval between presentations: median \(ms(s.medianInterval)), p95 \(ms(s.p95Interval))
            damaged fraction: median \(String(format: "%.4f", s.medianDamagedFraction))
            process CPU per submitted frame: \(String(format: "%.2f ms", perFrame)) (all threads)
            \(inputReport(s))path: \(path)
            """
    }
}
