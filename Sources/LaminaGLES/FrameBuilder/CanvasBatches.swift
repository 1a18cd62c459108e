
/// Draws waiting to be issued as instanced batches onto one framebuffer (the canvas, or an atlas page
/// while its offscreens are drawn), WebRender style: a draw joins the latest
/// batch of its kind unless a batch made after that one holds a draw whose pixels meet its own, in
/// which case it starts a new batch at the end. Moving a draw earlier past draws it does not touch
/// changes no pixel; llvmpipe then copies its shader state and validates once per batch instead of once
/// per draw. Canvas draws culled on the CPU and the draws of atlas offscreens are batched (their pixels
/// are known; an atlas page's regions never meet, so its offscreens' draws merge), and the batches are
/// issued before any other draw onto the same framebuffer, before an atlas page they read is drawn
/// again, and when the frame or the page's batch ends.
struct CanvasBatches {
    /// What must be equal for draws to share one instanced draw.
    struct Key: Equatable {
        var program: ProgramKey
        /// The texture read (0: none) on `unit`, with the filter set on it.
        var texture: UInt32 = 0, unit: Int32 = 0, filter = GPUDraw.Filter.unchanged
        /// A second texture (0: none), read on unit 0 by a draw whose `texture` is on another unit.
        var image: UInt32 = 0, imageFilter = GPUDraw.Filter.unchanged
    }

    struct Batch {
        let key: Key
        /// `floatsPerInstance` floats per instance: framebuffer pixel bounds, the target's origin (x, y, 0,
        /// 0), then 12 vec4 parameters.
        var instances: [Float] = []
        /// The pixel box of each draw in the batch, and of all of them.
        var boxes: [QuadPiece] = []
        var bounds: QuadPiece
    }

    static let parameterCount = 12
    static let floatsPerInstance = 8 + 4 * parameterCount
    /// Batches a draw looks back through for its kind before starting a new one.
    static let lookBack = 24

    private(set) var batches: [Batch] = []
    /// Draws queued and batches handed out since the counts were last reset (for tests and profiling).
    var queuedDraws = 0, issuedBatches = 0

    var isEmpty: Bool { batches.isEmpty }

    /// Adds a draw over `pieces` (non-empty, pixels of a target that starts at `origin` in the
    /// framebuffer) with these parameters (48 floats).
    mutating func add(key: Key, parameters: [Float], pieces local: [QuadPiece],
                      origin: (x: Int, y: Int) = (0, 0)) {
        let pieces = local.map { QuadPiece(x0: $0.x0 + origin.x, y0: $0.y0 + origin.y, x1: $0.x1 + origin.x, y1: $0.y1 + origin.y) }
        let box = pieces.dropFirst().reduce(pieces[0]) { $0.union($1) }
        var target: Int?
        for index in batches.indices.reversed().prefix(CanvasBatches.lookBack) {
            if batches[index].key == key { target = index; break }
            if batches[index].bounds.intersection(box) != nil,
               batches[index].boxes.contains(where: { $0.intersection(box) != nil }) { break }
        }
        if target == nil {
            batches.append(Batch(key: key, bounds: box))
            target = batches.count - 1
        }
        let i = target!
        queuedDraws += 1
        batches[i].boxes.append(box)
        batches[i].bounds = batches[i].bounds.union(box)
        for p in pieces {
            batches[i].instances += [Float(p.x0), Float(p.y0), Float(p.x1), Float(p.y1), Float(origin.x), Float(origin.y), 0, 0]
            batches[i].instances += parameters
        }
    }

    /// Whether a queued batch samples this texture.
    func reads(texture: UInt32) -> Bool {
        batches.contains { $0.key.texture == texture || $0.key.image == texture }
    }

    /// Hands out the batches that no draw can join any more (those before the last `lookBack`), so that
    /// they are issued while the frame goes on and llvmpipe rasterizes them meanwhile.
    mutating func takeRetired() -> [Batch] {
        guard batches.count > CanvasBatches.lookBack else { return [] }
        let retired = Array(batches.prefix(batches.count - CanvasBatches.lookBack))
        batches.removeFirst(retired.count)
        issuedBatches += retired.count
        return retired
    }

    /// Hands out the batches in drawing order and empties the list.
    mutating func take() -> [Batch] {
        defer { batches.removeAll(keepingCapacity: true) }
        issuedBatches += batches.count
        return batches
    }
}
