extension Layer {
    /// The levels of this subtree: 1 for a layer without sublayers or mask; a mask is a level below its
    /// layer. Found without recursion (trees may be 10 000 deep) and kept with the layer until it changes,
    /// so a tree of which one layer changed is measured along that layer's ancestors only.
    public var depth: Int {
        if let known = knownDepth { return known }
        var stack: [(layer: Layer, children: [Layer], next: Int, deepest: Int)] = [(self, sublayersAndMask, 0, 0)]
        while true {
            let top = stack.count - 1
            let scan = Self.deepestKnown(stack[top].children, from: stack[top].next)
            stack[top].deepest = max(stack[top].deepest, scan.deepest)
            if let unknown = scan.firstUnknown {
                stack[top].next = unknown + 1
                let child = stack[top].children[unknown]
                stack.append((child, child.sublayersAndMask, 0, 0))
                continue
            }
            let done = stack.removeLast()
            let levels = done.deepest + 1
            done.layer.rememberDepth(levels)
            guard let parent = stack.indices.last else { return levels }
            stack[parent].deepest = max(stack[parent].deepest, levels)
        }
    }

    /// The most levels among `layers[start...]` whose depth is known, up to the first whose depth is not.
    private static func deepestKnown(_ layers: [Layer], from start: Int) -> (deepest: Int, firstUnknown: Int?) {
        layers.withUnsafeBufferPointer { b in
            var deepest = 0
            for i in start..<b.count {
                guard let known = b[i].knownDepth else { return (deepest, i) }
                deepest = max(deepest, known)
            }
            return (deepest, nil)
        }
    }

    /// The sublayers, then the mask if there is one: every layer one level below this one.
    var sublayersAndMask: [Layer] {
        mask.map { sublayers + [$0] } ?? sublayers
    }
}
