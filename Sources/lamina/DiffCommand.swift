import ArgumentParser
import Lamina
import LaminaPNG

/// `lamina diff A.png B.png`: max channel difference, mean, PSNR and the pixels over a threshold.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Compare two PNG files pixel by pixel (premultiplied RGBA).")

    @Argument(help: "First PNG.") var first: String
    @Argument(help: "Second PNG.") var second: String

    @Option(help: "Channel difference (0–255) above which a pixel counts as different.")
    var threshold: Int = 2

    @Option(name: .long, help: "Write a difference image (red = different) to this PNG (a new name or a regular file; a symbolic link is followed).")
    var out: String?

    @Flag(help: "Exit with code 1 when any pixel is over the threshold.")
    var strict = false

    func validate() throws {
        guard (0...255).contains(threshold) else { throw ValidationError("--threshold must be 0…255") }
    }

    func run() throws {
        try FailureReporting.run {
            if let out { try OutputFile.check(out) }
            let a = try PNGDecoder.decode(contentsOfFile: first), b = try PNGDecoder.decode(contentsOfFile: second)
            guard let d = BitmapDifference(a, b, threshold: threshold) else {
                throw RenderError(.badInput, "\(first) is \(a.width)×\(a.height) but \(second) is \(b.width)×\(b.height)")
            }
            print(d)
            if let out { try PNGEncoder.write(d.image(), to: out) }
            if strict && d.pixelsOver > 0 { throw ExitCode(1) }
        }
    }
}
