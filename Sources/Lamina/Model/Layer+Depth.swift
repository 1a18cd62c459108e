extension Layer {
    /// The levels of this subtree: 1 for a layer without sublayers or mask; a mask is a level below its
    /// layer. Found without recursion (trees may be 10 000 deep) and kept with the layer until it changes,
    /// so a tree of which one layer changed is measured along that layer's ancestors only.
    public var depth: Int {
        if let known = knownDepth { return known }
        var stack: [(layer: Layer, children: [Layer], next: Int, deepest: Int)] = [(self, sublayersAndMask, 0, 0)]
        while true {
            let top = stack.count - 1
            if stack[top].next < stack[top].children.count {
                let child = stack[top].children[stack[top].next]
                stack[top].next += 1
                if let known = child.knownDepth {
                    stack[top].deepest = max(stack[top].deepest, known)
                } else {
                    stack.append((child, child.sublayersAndMask, 0, 0))
                }
                continue
            }
            let done = stack.removeLast()
            let levels = done.deepest + 1
            done.layer.rememberDepth(levels)
            guard let parent = stack.indices.last else { return levels }
            stack[parent].deepest = max(stack[parent].deepest, levels)
        }
    }

    /// The sublayers, then the mask if there is one: every layer one level below this one.
    var sublayersAndMask: [Layer] {
        mask.map { sublayers + [$0] } ?? sublayers
    }
}
