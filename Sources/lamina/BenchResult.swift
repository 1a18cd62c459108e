import Foundation

/// Median, min and max of a series of milliseconds.
struct Stats: Codable {
    let median: Double, min: Double, max: Double

    init(median: Double, min: Double, max: Double) {
        self.median = median; self.min = min; self.max = max
    }

    init(_ values: [Double]) {
        let s = values.sorted()
        median = s.isEmpty ? 0 : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
        min = s.first ?? 0
        max = s.last ?? 0
    }
}

/// One scene on one backend.
struct BenchResult: Codable {
    let scene: String
    let backend: String
    let width: Int, height: Int
    /// Per frame, read back to memory included.
    var frameMs: Stats
    /// Per frame, without the read back.
    let executeMs: Stats
    /// CPU time of the whole process per frame (all threads), read back included; nil in rows that
    /// did not measure it (peers in `tools/bench-peers`, older JSON).
    var cpuMs: Stats? = nil
    let firstPlanMs: Double
    /// Plan time of the second frame of the unchanged scene (0: the plan was reused).
    let secondPlanMs: Double
    var peakRSSMB: Double
    /// Pixels per point the scene was rendered at.
    var scale: Double? = nil
    /// With `--animate`: how many layers animate; `frameMs` is then a full redraw (plan included) of each
    /// frame of the animation.
    var animatedLayers: Int? = nil
    /// Each frame of the animation drawn with damage tracking (`IncrementalRenderer`), read back included.
    var incrementalFrameMs: Stats? = nil
    /// The part of an incremental frame not spent drawing or reading back: sampling animations, damage, planning,
    /// limiting the plan to the damage, releasing the previous frame.
    var incrementalPlanMs: Stats? = nil
    /// The part of an incremental frame spent drawing the damage on the backend.
    var incrementalExecuteMs: Stats? = nil
    /// The part of an incremental frame spent reading the canvas back (only its damage after the first frame).
    var incrementalReadBackMs: Stats? = nil
    /// Medians of the parts of `incrementalPlanMs`: sampling the animations (`present`), finding the damage,
    /// planning, limiting the plan to the damage (`restrict`) and the rest of the call (`other`). Frames drawn
    /// through a tree (`--tree`) time the tree's damage and snapshot outside these parts.
    var incrementalPhasesMs: [String: Double]? = nil
    /// Median share of the canvas's pixels redrawn per incremental frame (0…1).
    var damagedFraction: Double? = nil
    /// With `--tree`: the incremental frames were drawn through a retained `LayerTree`.
    var retainedTree: Bool? = nil
    /// How the incremental frames grouped their damage (`RedrawPolicy`).
    var redrawPolicy: String? = nil
    /// With `--verify`: the largest channel difference (0–255) of any incremental frame against a full redraw.
    var incrementalMaxDiff: Int? = nil
    /// On the GPU path, after the timed frames: the glyph atlas's texture bytes, glyphs held, layers emptied
    /// to make room and glyph images uploaded (absent when no text was drawn).
    var glyphAtlas: GlyphAtlasUse? = nil
    /// The GPU's text run cache after the frames: bytes, runs kept, layers emptied, runs drawn into it.
    var textRunCache: TextRunCacheUse? = nil

    struct GlyphAtlasUse: Codable {
        var bytes: Int, glyphs: Int, evictions: Int, uploads: Int
    }

    struct TextRunCacheUse: Codable {
        var bytes: Int, runs: Int, evictions: Int, renders: Int
    }

    /// Scene name with the scale when it is not 1.
    var label: String { (scale ?? 1) == 1 ? scene : "\(scene)@\(Int(scale ?? 1))x" }

    var fps: Double { frameMs.median > 0 ? 1000 / frameMs.median : 0 }

    static func table(_ rs: [BenchResult]) -> String {
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        var lines = ["scene                 backend  size        median ms  min      max      no-readback  cpu ms    fps     plan1 ms  plan2 ms  peak RSS MB"]
        for r in rs {
            let cols = [r.scene.padding(toLength: 21, withPad: " ", startingAt: 0), r.backend.padding(toLength: 8, withPad: " ", startingAt: 0),
                        "\(r.width)×\(r.height)".padding(toLength: 11, withPad: " ", startingAt: 0),
                        f(r.frameMs.median).padding(toLength: 10, withPad: " ", startingAt: 0),
                        f(r.frameMs.min).padding(toLength: 8, withPad: " ", startingAt: 0),
                        f(r.frameMs.max).padding(toLength: 8, withPad: " ", startingAt: 0),
                        f(r.executeMs.median).padding(toLength: 12, withPad: " ", startingAt: 0),
                        (r.cpuMs.map { f($0.median) } ?? "-").padding(toLength: 9, withPad: " ", startingAt: 0),
                        f(r.fps).padding(toLength: 7, withPad: " ", startingAt: 0),
                        f(r.firstPlanMs).padding(toLength: 9, withPad: " ", startingAt: 0),
                        f(r.secondPlanMs).padding(toLength: 9, withPad: " ", startingAt: 0), f(r.peakRSSMB)]
            var line = cols.joined(separator: " ")
            if let inc = r.incrementalFrameMs, let d = r.damagedFraction {
                line += "  incremental \(f(inc.median)) ms (plan \(f(r.incrementalPlanMs?.median ?? 0))), damaged \(f(d * 100)) %"
                if let m = r.incrementalMaxDiff { line += ", max diff \(m)" }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ rs: [BenchResult]) -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? enc.encode(rs)) ?? Data(), as: UTF8.self)
    }
}
