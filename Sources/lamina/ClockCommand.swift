import ArgumentParser
import Foundation
import Lamina
import LaminaExamples
import LaminaPNG

/// `lamina clock`: Listing 4.6 as a program — six digit layers showing the time through contentsRect of
/// the LCD digit sprite sheet, rendered once a second (on the terminal) or as N frames to PNG files.
struct ClockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "An LCD clock made of six sprite-sheet digit layers (Listing 4.6).",
        discussion: "--filter linear shows the blurry digits of Figure 4.18, nearest the crisp ones of Figure 4.19.")

    @Option(name: .shortAndLong, help: "Write frames as PNG files into this folder instead of drawing on the terminal.")
    var output: String?

    @Option(help: "How many frames (one second apart) to render; default: 1 with -o, endless on a terminal.")
    var frames: Int?

    @Option(help: "Magnification filter of the digit layers: nearest or linear.")
    var filter: ScalingFilter = .nearest

    @Option(help: "Start time HH:MM:SS instead of now (frames then advance one second each without waiting).")
    var time: String?

    @Option(help: "gpu or cpu.")
    var backend: BackendChoice = .cpu

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    func validate() throws {
        if let frames, frames < 1 || frames > 100_000 { throw ValidationError("--frames must be 1…100000") }
        if let time, ClockFace.seconds(from: time) == nil { throw ValidationError("--time must be HH:MM:SS, got '\(time)'") }
        guard filter != .trilinear else { throw ValidationError("--filter must be nearest or linear") }
        guard backend != .both else { throw ValidationError("--backend must be gpu or cpu") }
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8]") }
    }

    func run() throws {
        try FailureReporting.run {
            if let output { try OutputFile.checkDirectory(output) }
            let renderer = IncrementalRenderer(backend: try backend.makeBackends()[0])
            let face = ClockFace(filter: filter, scale: scale)
            let start = time.flatMap(ClockFace.seconds(from:))
            let count = frames ?? (output == nil ? Int.max : 1)
            if let output { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
            for i in 0..<count {
                let seconds = start.map { $0 + i } ?? ClockFace.secondsNow()
                guard let bitmap = try renderer.renderWhole(face.scene(seconds: seconds)) else { continue }
                if let output {
                    let name = String(format: "clock-%05d.png", i)
                    try PNGEncoder.write(bitmap, to: (output as NSString).appendingPathComponent(name))
                    print("\(name) \(ClockFace.text(seconds))")
                } else {
                    print(TerminalImage.render(bitmap, maxColumns: 100), terminator: "")
                    print(ClockFace.text(seconds))
                    if i + 1 < count && start == nil { Thread.sleep(forTimeInterval: 1) }
                }
            }
        }
    }
}

extension ScalingFilter: ExpressibleByArgument {}
