// Texel access for the blur passes: one channel (red or alpha), transparent outside.

/// The channel of a texel that `channel` selects: (1, 0, 0, 0) red, (0, 0, 0, 1) alpha (what the dot
/// product with it gives, without the products).
float channelOf(vec4 texel, vec4 channel) {
    return channel.w > 0.0 ? texel.a : texel.r;
}

float fetchChannel(sampler2D tex, ivec2 p, vec4 channel) {
    ivec2 size = textureSize(tex, 0);
    if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y) {
        return 0.0;
    }
    return channelOf(texelFetch(tex, p, 0), channel);
}
