extension PlannedLayer {
    /// The layer in a plan made of some of this plan's commands (`kept`). Contents and sublayers shrink
    /// to the commands kept; the shadow is kept whole or the layer is left out (a backend must never see
    /// part of a shadow as all of it), and so is a layer none of whose commands were kept.
    func renumbered(_ kept: KeptCommands) -> PlannedLayer? {
        var newShadow: Range<Int>?
        if !shadow.isEmpty {
            if kept.keptAll(shadow) { newShadow = kept.range(shadow) } else if kept.range(shadow) != nil { return nil }
        }
        let newBackground = background.flatMap { kept.index(of: $0) }
        let newBorder = border.flatMap { kept.index(of: $0) }
        let newContents = kept.range(contents)
        let newSublayers = kept.range(sublayers)
        guard newShadow != nil || newBackground != nil || newBorder != nil || newContents != nil || newSublayers != nil else { return nil }
        let anchor = newShadow?.upperBound ?? newBackground.map { $0 + 1 } ?? newContents?.lowerBound ?? newSublayers?.lowerBound ?? newBorder ?? 0
        let contentsRange = newContents ?? anchor..<anchor
        let sublayersRange = newSublayers ?? contentsRange.upperBound..<contentsRange.upperBound
        return PlannedLayer(path: path, shadow: newShadow ?? anchor..<anchor, background: newBackground, contents: contentsRange,
                            sublayers: sublayersRange, border: newBorder, clipsToBounds: clipsToBounds)
    }
}
