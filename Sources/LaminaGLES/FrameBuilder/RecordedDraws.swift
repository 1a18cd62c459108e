import Lamina

/// The queued canvas draws of canvas-level commands, kept from one frame to the next of the same plan.
///
/// An app redraws an unchanged tree with the same plan, and then a canvas-level command that only
/// queues instanced draws (`FrameBuilder.enqueue`) queues the same ones again: the same pieces and
/// parameters, found by the same culling, fusion and card matching. The first frame records them per
/// command; later frames of the same preparation hand them to the batches directly. Recording stops at
/// anything else a command does (a draw that is not queued, an offscreen, an atlas batch), and the
/// recordings are dropped with the preparation and whenever a cache evicted a texture they may name.
struct RecordedDraws {
    /// One queued draw: what `CanvasBatches.add` takes.
    struct Draw {
        let key: CanvasBatches.Key
        let parameters: [Float]
        let pieces: [QuadPiece]
    }

    /// What the draws from a command did (a command's own, or a card's or a collapsed group's standing for
    /// several): its draws, the index of the next command, the border it drew along.
    struct Entry {
        let draws: [Draw]
        let next: Int
        let fusedBorder: Int?
        let counts: DrawCounts
    }

    private var entries: [Int: Entry] = [:]
    /// The texture evictions counted when the entries were recorded (`DeferredReleases.evictions`).
    private var evictions = 0
    /// The draws of the command being recorded; nil when none is, and once it did something else.
    private var capturing: [Draw]?
    private var spoiled = false

    /// How many commands have an entry.
    var count: Int { entries.count }

    /// The entry of command `index`.
    func entry(at index: Int) -> Entry? { entries[index] }

    /// Drops every entry (a new preparation, or `evictions` changed since they were recorded).
    mutating func reset(evictions: Int) {
        entries.removeAll(keepingCapacity: true)
        self.evictions = evictions
    }

    /// Drops the entries when textures were evicted since they were recorded.
    mutating func check(evictions: Int) {
        if evictions != self.evictions { reset(evictions: evictions) }
    }

    mutating func begin() {
        capturing = []
        spoiled = false
    }

    /// Notes a queued draw of the command being recorded.
    mutating func add(_ draw: Draw) {
        capturing?.append(draw)
    }

    /// Notes that the command being recorded did something other than queue draws.
    mutating func spoil() {
        spoiled = true
    }

    /// Ends the recording of the commands from `index` to `next`; keeps it unless it was spoiled or nothing
    /// was drawn (`next` nil).
    mutating func end(at index: Int, next: Int?, fusedBorder: Int?, counts: DrawCounts) {
        if let draws = capturing, !spoiled, let next {
            entries[index] = Entry(draws: draws, next: next, fusedBorder: fusedBorder, counts: counts)
        }
        capturing = nil
    }
}
