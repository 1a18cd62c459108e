/// Draws of the GPU backend's combined kinds since the counts were last reset (for tests and profiling).
struct DrawCounts: Equatable {
    /// Shadow–fill draws (`drawFused`) and borders drawn with them.
    var fused = 0, fusedBorders = 0
    /// Canvas-level card draws (`drawCard`) and opacity groups drawn without their offscreen (`drawCollapsed`).
    var cards = 0, collapsedGroups = 0

    static func + (a: DrawCounts, b: DrawCounts) -> DrawCounts {
        DrawCounts(fused: a.fused + b.fused, fusedBorders: a.fusedBorders + b.fusedBorders, cards: a.cards + b.cards,
                   collapsedGroups: a.collapsedGroups + b.collapsedGroups)
    }

    static func - (a: DrawCounts, b: DrawCounts) -> DrawCounts {
        DrawCounts(fused: a.fused - b.fused, fusedBorders: a.fusedBorders - b.fusedBorders, cards: a.cards - b.cards,
                   collapsedGroups: a.collapsedGroups - b.collapsedGroups)
    }
}
