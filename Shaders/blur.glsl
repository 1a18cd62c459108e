// Texel access for the blur passes: one channel (selected by a dot product), transparent outside.

float fetchChannel(sampler2D tex, ivec2 p, vec4 channel) {
    ivec2 size = textureSize(tex, 0);
    if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y) {
        return 0.0;
    }
    return dot(texelFetch(tex, p, 0), channel);
}
