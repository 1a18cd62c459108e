import Synchronization

/// What later stages find about a layer's whole subtree and keep in the layer's box (`Layer.Storage`) while
/// it is unchanged, so that a frame of a large tree in which little changed does not measure every layer
/// again: each fact is found on first use and kept until the box changes. Every change through the box
/// forgets them (`forget()`), and a change below a sublayer gives every box above it a new one, so a fact
/// never outlives the subtree it describes. Atomic: scenes are shared between threads.
///
/// The facts and who keeps them: whether the subtree animates and how many layers it has (sampling and the
/// planner's limits), its depth (the decoder's and the planner's depth limit), the box it draws as damage
/// measures it (`SceneDamage.extent`), where many sublayers draw (`SublayerIndex`: the planner and damage
/// occlusion) and where they can be hit (`HitIndex`: hit testing).
struct SubtreeFacts: ~Copyable, Sendable {
    /// Whether it animates: 0 unknown, 1 no, 2 yes.
    let animates = Atomic<UInt8>(0)
    /// How many layers it has, masks included (0 unknown).
    let layerCount = Atomic<Int>(0)
    /// Levels of the subtree, masks included (0 unknown).
    let depth = Atomic<Int>(0)
    /// The box of what the subtree draws as damage measures it: 0 unknown, 1 it draws nothing, 2 the box in
    /// `drawnX`…`drawnHeight` (bit patterns), stored before this is set (release) and read after (acquire).
    let drawnState = Atomic<UInt8>(0)
    let drawnX = Atomic<UInt64>(0), drawnY = Atomic<UInt64>(0)
    let drawnWidth = Atomic<UInt64>(0), drawnHeight = Atomic<UInt64>(0)
    /// Where the sublayers draw (`SublayerIndex`), made on first use for a layer of many sublayers, and
    /// whether one was made (so that a change to a layer without one takes no lock).
    let sublayerIndex = Mutex<SublayerIndex?>(nil)
    let indexed = Atomic<Bool>(false)
    /// Where the sublayers can be hit (`HitIndex`), made on the first hit test of a layer of many sublayers.
    let hitIndex = Mutex<HitIndex?>(nil)
    let hitIndexed = Atomic<Bool>(false)

    /// The damage box, when found: `.some(nil)` when the subtree draws nothing.
    var damageBox: Rect?? {
        switch drawnState.load(ordering: .acquiring) {
        case 1: return .some(nil)
        case 2:
            return Rect(Double(bitPattern: drawnX.load(ordering: .relaxed)), Double(bitPattern: drawnY.load(ordering: .relaxed)),
                        Double(bitPattern: drawnWidth.load(ordering: .relaxed)), Double(bitPattern: drawnHeight.load(ordering: .relaxed)))
        default: return nil
        }
    }

    func remember(damageBox box: Rect?) {
        guard let box else { return drawnState.store(1, ordering: .releasing) }
        drawnX.store(box.origin.x.bitPattern, ordering: .relaxed); drawnY.store(box.origin.y.bitPattern, ordering: .relaxed)
        drawnWidth.store(box.size.width.bitPattern, ordering: .relaxed); drawnHeight.store(box.size.height.bitPattern, ordering: .relaxed)
        drawnState.store(2, ordering: .releasing)
    }

    /// Forgets every fact (the box is about to change).
    func forget() {
        animates.store(0, ordering: .relaxed)
        layerCount.store(0, ordering: .relaxed)
        depth.store(0, ordering: .relaxed)
        drawnState.store(0, ordering: .relaxed)
        if indexed.load(ordering: .relaxed) {
            sublayerIndex.withLock { $0 = nil }
            indexed.store(false, ordering: .relaxed)
        }
        if hitIndexed.load(ordering: .relaxed) {
            hitIndex.withLock { $0 = nil }
            hitIndexed.store(false, ordering: .relaxed)
        }
    }
}
