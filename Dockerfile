# One image for the gateway, the five services and the media worker; docker-compose.yml chooses the program of each container
# (its working_dir and `node dist/main.js`). Build: `docker compose build` (or `docker build -t family-archive .`).
#
# Stages: manifests (package files only) -> deps (every dependency, for building) -> build (tsc + vite)
#         manifests -> prod-deps (only what the gateway and services run) -> runtime (+ the build output)
#
# Node 24, an LTS line supported until April 2028 (22 ends in April 2027), on Debian bookworm-slim: glibc, like
# the machines the lock file was made and tested on (sharp's prebuilt binaries come as ordinary npm packages).
# `--build-arg NODE_VERSION=26` (or 22) builds on another line.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
# The lock file and the allowScripts review were made with npm 11.19.1; the image's bundled npm may be another one.
RUN npm install --global npm@11.19.1
WORKDIR /app

# The package files of every workspace: npm ci needs all of them, and this layer (and the installs after it)
# is only redone when one of them changes, not on every source change.
FROM base AS manifests
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY packages/shared/package.json packages/shared/
COPY services/auth/package.json services/auth/
COPY services/profile/package.json services/profile/
COPY services/media/package.json services/media/
COPY services/albums/package.json services/albums/
COPY services/family/package.json services/family/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY e2e/package.json e2e/

# Install scripts are skipped: nothing the build or the runtime uses needs one (the reviewed ones belong to
# @swc/core, used by jest only, and embedded-postgres, which the containers never start), and skipping them
# keeps the build working on arm64 too, whose embedded-postgres package has a script not in allowScripts.
FROM manifests AS deps
RUN npm ci --ignore-scripts

FROM deps AS build
COPY . .
RUN npm run build

# Only the runtime dependencies of the packages that run (contract, shared library, services, gateway): no dev tools,
# no web libraries (the gateway serves the built web app as files), no embedded-postgres (root dependency).
FROM manifests AS prod-deps
RUN npm ci --omit=dev --ignore-scripts \
      --workspace @family/contract --workspace @family/shared \
      --workspace @family/auth --workspace @family/profile --workspace @family/media \
      --workspace @family/albums --workspace @family/family \
      --workspace @family/gateway

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# The media worker converts videos and sound with Debian's ffmpeg (the npm-bundled static build is for `npm start`).
RUN apt-get update \
    && apt-get install --yes --no-install-recommends ffmpeg \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    FFPROBE_PATH=/usr/bin/ffprobe
WORKDIR /app
# Package files and node_modules (with the workspace links node_modules/@family/* -> ../../services/...).
COPY --from=prod-deps /app ./
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/services/auth/dist services/auth/dist
COPY --from=build /app/services/profile/dist services/profile/dist
COPY --from=build /app/services/media/dist services/media/dist
COPY --from=build /app/services/albums/dist services/albums/dist
COPY --from=build /app/services/family/dist services/family/dist
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/web/dist web/dist
# reset-code, and the object copier scripts/backup and scripts/restore run inside a container.
COPY scripts scripts
# The code stays owned by root and read-only to the app; it runs as the image's unprivileged `node` user.
USER node
EXPOSE 8080
CMD ["node", "gateway/dist/main.js"]
