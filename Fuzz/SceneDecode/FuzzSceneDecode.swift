import Foundation
import Lamina
import LaminaPNG

/// libFuzzer target: scene bytes → `SceneDecoder` (with the PNG decoder) → `RenderPlanner.plan`.
///
/// Errors are expected and ignored; a crash, hang or runaway allocation is a finding. Image paths
/// resolve in a private temporary folder that holds a few tiny PNGs (`tile.png`, `sub/mask.png`,
/// `gray.png`) so that relative image sources reach the PNG decoder. Built by tools/fuzz.
enum SceneDecodeFuzzer {
    static let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder)

    static let baseDirectory: String = {
        let folder = NSTemporaryDirectory() + "lamina-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        let tile = Bitmap(width: 4, height: 4, pixels: (0..<64).map { UInt8(truncatingIfNeeded: $0 * 37 | 3) })
        let mask = Bitmap(width: 2, height: 3, fill: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        let gray = Bitmap(width: 1, height: 1, fill: PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        try? PNGEncoder.write(tile, to: folder + "/tile.png")
        try? PNGEncoder.write(mask, to: folder + "/sub/mask.png")
        try? PNGEncoder.write(gray, to: folder + "/gray.png")
        atexit { try? FileManager.default.removeItem(atPath: SceneDecodeFuzzer.baseDirectory) }
        return folder
    }()

    static func run(_ bytes: [UInt8]) {
        let threads = threadCount()
        defer { waitForThreads(atMost: threads) }
        guard let scene = try? decoder.decode(bytes, fileName: "fuzz.json", baseDirectory: baseDirectory) else { return }
        _ = try? LargeStack.run { try RenderPlanner.plan(scene) }
    }

    /// `LargeStack.run` returns before its worker thread has exited, and that thread still holds the
    /// result until it does; libFuzzer's leak check would see those bytes as leaked. Waits (at most
    /// 1 s) until the process is back to `count` threads.
    static func waitForThreads(atMost count: Int) {
        var polls = 0
        while threadCount() > count && polls < 10_000 {
            usleep(100)
            polls += 1
        }
    }

    /// The process's thread count (field 20 of /proc/self/stat).
    static func threadCount() -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 17 ? Int(fields[17]) ?? 0 : 0
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func laminaFuzzSceneDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    SceneDecodeFuzzer.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
