/* layers.h - container images: the layers of an OCI image layout (a
 * directory, or a tar of one, as `docker save` writes since Docker 25)
 * and of a `docker save` tarball of the older kind.  In a directory, the
 * layers are found as the spec says, index.json -> manifests -> layers;
 * in a tar, which is read as it streams, a layer is a blob
 * (blobs/ALGORITHM/HEX) or an ID/layer.tar whose content is an archive
 * (tar, or tar compressed with gzip or zstd), and manifests and configs,
 * blobs of JSON, are passed over for not being archives. */
#ifndef LAYERS_H
#define LAYERS_H

#include <stdbool.h>
#include <stddef.h>

/* Whether an entry's path names a possible layer; its name into buf: the
 * blob's digest (sha256:HEX) or, for docker save's older layout, the path. */
bool layer_name(const char *path, char *buf, size_t size);

/* A digest's room: "sha512:" and 128 hex digits, with some to spare. */
#define DIGEST_MAX 160

#endif
