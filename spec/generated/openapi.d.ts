// Generated from spec/openapi.yaml by scripts/generate-types.ts; never edit by hand. Regenerate with: npm run types
export interface paths {
    "/is-connected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the credential
         * @description Validates the API key or OAuth access token sent in `Authorization` and answers `connected true` when it is valid.
         */
        get: operations["checkConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List channels
         * @description Lists the workspace's connected channels (integrations). With `group`, only the channels labelled with that group are listed.
         */
        get: operations["listIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List groups
         * @description Lists the groups (customers) channels can be labelled with.
         */
        get: operations["listGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration-settings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a channel's rules and settings schema
         * @description Gives the channel's posting rules, maximum post length, the exact JSON schema of its `settings` object (or the text `No additional settings required`) and the provider helpers (tools) that `POST /integration-trigger/{id}` can run. 404 when the channel is not found.
         */
        get: operations["getIntegrationSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration-trigger/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a provider helper
         * @description Runs a provider helper (a tool listed by `GET /integration-settings/{id}`, named by `methodName`) on the channel, for example `audioSearch` on an Instagram business channel, `creatorInfo` on TikTok, `channels` on Discord, or `documents` and `validateDocument` on Sanity. The helper's output is not shown in the reference and may be any JSON value. 404 when not found (the channel, or a helper it does not list).
         */
        post: operations["triggerIntegrationTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/social/{integration}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a provider's connect URL
         * @description Gives the provider's OAuth URL to open in a browser to connect a new channel, or to reconnect an existing one when `refresh` names it. 400 when the request is invalid. 402 when the workspace cannot use the provider yet (for example `x` on a free workspace), with `wallet true` and a link to the wallet.
         */
        get: operations["getSocialConnectUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disconnect a channel
         * @description Disconnects the channel and deletes the posts scheduled on it. The answer is an object whose fields are not shown in the reference.
         */
        delete: operations["deleteIntegration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/find-slot/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find the next free slot
         * @description Gives the next free slot on the channel's posting schedule.
         */
        get: operations["findSlot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posts on the calendar
         * @description Lists the posts whose publish date falls between `startDate` and `endDate`, optionally only for one group (`customer`). Each post appears with its state (`QUEUE`, `PUBLISHED`, `ERROR` or `DRAFT`). 400 on invalid input.
         */
        get: operations["listPosts"];
        put?: never;
        /**
         * Create, schedule or publish posts
         * @description Creates one post per entry of `posts` (one per channel); each entry's `value` holds the post first,
         *     then each thread item or comment.
         *
         *     - `draft`: saved as a draft. Drafts are free and skip the settings check; `settings` may be left out.
         *     - `schedule`: put on the schedule for `date`. Every entry's `settings` is required and checked
         *       against its provider's settings (`ChannelSettings`); a missing required field or a value outside
         *       its allowed list answers 400 naming the channel and the problem, and nothing is scheduled. On a
         *       pay-as-you-go workspace the wallet (with auto top-up) must cover the price: credits are charged
         *       when the post is scheduled, per priced item (the post and each thread item separately);
         *       otherwise nothing is saved and the answer is 402 with `wallet true`.
         *     - `now`: published immediately, with the same settings check; a webhook is sent on success.
         *     - `update`: accepted (the reference lists it); its effect on state is not shown. `settings` is
         *       required as for any type other than `draft`; its contents are not checked by this schema.
         *
         *     A post with no text and no media answers 400 `Your post should have at least one character or one
         *     image.`; text over the channel's maximum length answers 400 `post is too long, please fix it`.
         *     The text `(post:<post_id>)` in an item's content is replaced with that post's live URL when the
         *     item publishes. The operation is rate limited per workspace per hour (the figure is not shown):
         *     over the limit the answer is 429, and the client waits and retries.
         */
        post: operations["createPosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a post between draft and schedule
         * @description `schedule` moves a draft onto the schedule at the post's time; on a pay-as-you-go workspace the
         *     wallet (with auto top-up) must cover it: credits are charged, and 402 follows when they do not
         *     cover it. `draft` moves a scheduled post back to draft and gives its credits back. The answer is an
         *     object whose fields are not shown in the reference.
         */
        put: operations["changePostStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/release-id": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a published post's network id
         * @description Sets the network's id for a published post whose link was lost, so its analytics can be read again (`GET /posts/{id}/missing` lists candidates). The answer is an object whose fields are not shown in the reference.
         */
        put: operations["setPostReleaseId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/missing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List candidate network messages for a post
         * @description Lists recent network messages that may be this post, to pick a release id from for `PUT /posts/{id}/release-id`. Item fields are not shown in the reference.
         */
        get: operations["listMissingReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a post and its group
         * @description Deletes the whole group the post belongs to (the post, its thread items and comments). A published post is only removed from the calendar unless `deleteFromPlatform=true`, which also deletes it on networks that support that. Credits paid for parts not sent yet are given back.
         */
        delete: operations["deletePost"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/group/{group}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a group of posts
         * @description Same as `DELETE /posts/{id}`, by group id. A published post is only removed from the calendar unless `deleteFromPlatform=true`, which also deletes it on networks that support that. Credits paid for parts not sent yet are given back.
         */
        delete: operations["deletePostGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a media file
         * @description Stores a file in the media library. Accepted: jpeg, png, gif, webp, avif, bmp, tiff (up to 10 MB)
         *     and mp4 (up to 1 GB); otherwise 400. Storage above the free amount is paid at upload (402 when
         *     the wallet does not cover it); 413 when the free plan's media library is full.
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-from-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a media file from a URL
         * @description Fetches a public https URL and stores the file in the media library, with the same accepted types, size limits and storage rules as `POST /upload` (400, 402, 413).
         */
        post: operations["uploadMediaFromUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an upload ticket
         * @description Mints a single-use upload ticket, valid for 15 minutes. `uploadUrl` accepts exactly one multipart
         *     upload (field `file`) with no API key: the ticket in the URL is the credential. Purpose `brief`
         *     yields a brief-file ticket (`POST /brief-upload/{token}`); any other purpose, or none, yields a
         *     media ticket (`POST /upload-ticket/{token}`). The body is optional.
         */
        post: operations["createUploadTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-ticket/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a media file with a ticket
         * @description Uploads one file into the media library with a media ticket from `POST /upload-ticket`. No API key
         *     is sent: the ticket in the path is the credential. A ticket accepts exactly one upload within its
         *     15 minutes and is then spent; a spent, expired or unknown ticket answers 404. Same accepted types,
         *     limits and storage rules as `POST /upload` (400, 402, 413).
         */
        post: operations["uploadWithTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brief-upload/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a brief file with a ticket
         * @description Uploads one image or document with a ticket minted with purpose `brief`. No API key is sent: the
         *     ticket is the credential; it is single use and valid for 15 minutes (a spent, expired or unknown
         *     ticket answers 404). The file is stored in the media library and counted as storage (400, 402,
         *     413). It becomes part of the brief when listed in a brief document's `assets` through
         *     `PATCH /brief/{category}/{key}`.
         */
        post: operations["uploadBriefFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the media library
         * @description Lists the media library, 18 items per page, newest first, optionally only files whose name holds the `search` words.
         */
        get: operations["listMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a media file
         * @description Deletes a file from the media library. Storage already paid for is not given back.
         */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/{integration}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a channel's analytics
         * @description Gives the channel's analytics series for the last `date` days. Answers are cached for one hour;
         *     the `X-Cached-At` header says when the numbers were read from the network. `fresh=true` reads the
         *     network again; it is ignored on a paid plan; on a pay-as-you-go workspace fresh reads for a channel
         *     whose provider is `x` are charged, and 402 follows when credits do not cover them. The metric names
         *     per network are not shown in the reference.
         */
        get: operations["getChannelAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/post/{postId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a published post's analytics
         * @description Reads the published post's analytics live from the network. `{missing true}` means the post is not linked to its network message (set it with `PUT /posts/{id}/release-id`). 402 is possible when the read needs credits the wallet does not cover.
         */
        get: operations["getPostAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List notifications
         * @description Lists the workspace's notifications, newest first. The shape of the answer is not shown in the reference.
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the wallet
         * @description Gives the wallet summary (balance, pay-as-you-go, frozen, auto top-up, forecast) when the workspace uses the wallet, or `NotOnWallet` (`usesWallet false`) on a paid plan. Read-only; top-ups happen in the app.
         */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallet/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the price list
         * @description Gives the price list, in sections. Channels not listed are free. Prices change, so clients read them from this list. With `provider`, only that provider's rows.
         */
        get: operations["getWalletPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallet/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List wallet transactions
         * @description Lists wallet transactions, a page at a time, optionally only some types. `credits` is signed (positive adds to the balance, negative spends). On a paid plan the answer is NotOnWallet with `total` and an empty `items`.
         */
        get: operations["listWalletTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallet/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price a post before scheduling it
         * @description Prices a post for a provider as it will be saved (the post, then each thread item) without
         *     charging anything. With `group` (a post being edited), what the group already paid counts toward
         *     the new price. With `inter` (repeat every n days) the price is per occurrence. `dueCredits` is what
         *     scheduling takes now (negative gives credits back); `short` says scheduling now would be refused
         *     with 402. On a paid plan the answer is NotOnWallet. 400 on invalid input.
         */
        post: operations["estimateWalletCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List skills
         * @description Lists the skills library and its tags, optionally only one tag's skills (`tag`) or skills whose name, summary or tags hold the `search` words. 402 before the first wallet top-up on the free plan.
         */
        get: operations["listSkills"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a skill
         * @description Gives one skill with its Markdown instructions. 402 before the first wallet top-up on the free plan; 404 when there is no such skill.
         */
        get: operations["getSkill"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brief/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the brief's registry
         * @description Gives the brief's categories, their documents and what may be created or deleted in each. Item fields are not shown in the reference. 402 with `wallet true` on the free plan before the first top-up.
         */
        get: operations["getBriefSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brief": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List brief documents
         * @description Lists the brief's documents with the registry version. 402 with `wallet true` on the free plan before the first top-up.
         */
        get: operations["listBriefDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brief/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the onboarding status
         * @description Gives the guided onboarding's status. The onboarding is an interview taken in the app, started at `startUrl`, not through the API. `last.status` is `RUNNING`, `DONE` or `FAILED`. 402 with `wallet true` on the free plan before the first top-up.
         */
        get: operations["getBriefOnboarding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brief/{category}/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a brief document
         * @description Gives one brief document. 404 when not found. 402 with `wallet true` on the free plan before the first top-up.
         */
        get: operations["getBriefDocument"];
        put?: never;
        post?: never;
        /**
         * Delete a brief document
         * @description Deletes a brief document, only in a category that allows it (400 otherwise). By default its history is deleted too; `keepHistory=true` keeps the revisions and records the removal. 402 with `wallet true` on the free plan before the first top-up.
         */
        delete: operations["deleteBriefDocument"];
        options?: never;
        head?: never;
        /**
         * Save a brief document
         * @description Saves a brief document. A field left out keeps the stored value; `blocks`, `links` and `assets`
         *     are each replaced whole, so existing items are sent with the changes. An uploaded brief file
         *     (`POST /brief-upload/{token}`) is registered by listing it in `assets`. 400 on invalid input;
         *     402 with `wallet true` on the free plan before the first top-up.
         */
        patch: operations["saveBriefDocument"];
        trace?: never;
    };
    "/generate-video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a video
         * @description Starts an AI video generation. Paid plans only; 402 with a plan refusal otherwise. Request and response fields are not shown in the reference.
         */
        post: operations["generateVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/video/function": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a video function
         * @description Runs a named function of a video generator. Paid plans only; 402 with a plan refusal otherwise. The answer may be any JSON value; its shape is not shown in the reference.
         */
        post: operations["runVideoFunction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read this OpenAPI document
         * @description Gives this OpenAPI 3.1 description of the API (version 1.0.0), bundled into one JSON document. No key is needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A connected channel (an integration in the API), an account on an external network. */
        Channel: {
            /** @description Channel id. */
            id: string;
            /** @description Display name. */
            name: string;
            /** @description Provider of the channel, for example `linkedin`, `x`, `tiktok`, `instagram`, `discord`, `linkedin-page`. */
            identifier: string;
            /** @description Avatar. */
            picture?: string | null;
            disabled?: boolean;
            profile?: string | null;
            customer?: components["schemas"]["ChannelCustomer"];
        };
        /** @description The group the channel is labelled with. Both fields are required, as for a Group (2.2). */
        ChannelCustomer: {
            id: string;
            name: string;
        };
        /** @description A group (customer) channels can be labelled with. */
        Group: {
            id: string;
            name: string;
        };
        /** @description A post on the calendar. The reference lists these fields with no Required column; all are taken as always present (`releaseURL` as null until the post is live). */
        PostSummary: {
            id: string;
            /** @description Group id shared by the post, its thread items and comments. */
            group: string;
            /** @description May contain HTML. */
            content: string;
            /** Format: date-time */
            publishDate: string;
            /** @enum {string} */
            state: "QUEUE" | "PUBLISHED" | "ERROR" | "DRAFT";
            /** @description Address of the live post on the network. */
            releaseURL: string | null;
            /** @description The post's channel. Fields not shown in the reference. */
            integration: Record<string, unknown>;
        };
        Tag: {
            value: string;
            label: string;
        };
        /**
         * @description Create-posts request. `settings` is required on every entry unless `type` is `draft`. For
         *     `schedule` and `now` each entry's `settings` must also satisfy `ChannelSettings` (the provider's
         *     required fields, enums and bounds). Drafts skip that check and may carry any settings object or none.
         */
        CreatePosts: {
            /**
             * @description `draft`, `schedule`, `now`; the reference's prose also lists `update` as accepted.
             * @enum {string}
             */
            type: "draft" | "schedule" | "now" | "update";
            /**
             * Format: date-time
             * @description When to publish (ISO 8601, UTC). Required even for drafts.
             */
            date: string;
            /** @description Shorten links in the content. */
            shortLink: boolean;
            /** @description May be empty. */
            tags: components["schemas"]["Tag"][];
            /** @description Repeat the post every n days. */
            inter?: number;
            /**
             * @default API
             * @enum {string}
             */
            creationMethod?: "API" | "CLI";
            /** @description One entry per channel. */
            posts: components["schemas"]["CreatePostsEntry"][];
        } & (unknown & unknown);
        /** @description One channel's post. `settings` is required unless the request's `type` is `draft` (enforced by `CreatePosts`). */
        CreatePostsEntry: {
            /** @description The channel. */
            integration: {
                /** @description Channel id. */
                id: string;
            };
            group?: string;
            /** @description Channel settings (see `ChannelSettings`), carrying `__type`. */
            settings?: components["schemas"]["ChannelSettings"];
            /** @description The post first, then each thread item or comment. */
            value: components["schemas"]["PostValueItem"][];
        };
        PostValueItem: {
            /** @description HTML for most channels. The text `(post:<post_id>)` is replaced with that post's live URL when this item publishes. */
            content: string;
            /** @description May be empty. */
            image: components["schemas"]["PostImage"][];
            id?: string;
            /** @description Minutes after the previous item. */
            delay?: number;
        };
        /** @description Uploaded media attached to an item; `path` is the media's hosted URL. `alt` and `thumbnail` are typed string in section 2.4 and string|null on the Media a client uploads first (section 2.6), which clients send back as it is: null is accepted (docs/spec-audit.md). */
        PostImage: {
            id: string;
            path: string;
            alt?: string | null;
            thumbnail?: string | null;
        };
        CreatedPost: {
            postId: string;
            /** @description Channel id. */
            integration: string;
        };
        /** @description The result of deleting a group of posts. The reference lists these fields with no Required column; all are taken as always present. */
        DeleteResult: {
            group: string;
            error: boolean;
            deletedFromPlatform: string[];
            platformErrors: Record<string, unknown>[];
        };
        /** @description A file in the media library. */
        Media: {
            id: string;
            name?: string;
            originalName?: string | null;
            /** @description Hosted URL; used as an image path on a post. */
            path: string;
            thumbnail?: string | null;
            alt?: string | null;
        };
        /** @description Media stored by a brief upload, with its kind and MIME type. */
        BriefUploadMedia: components["schemas"]["Media"] & {
            /** @enum {string} */
            type: "image" | "document";
            mime: string;
        };
        /** @description One metric over time. Metric names per network are not shown in the reference. */
        AnalyticsSeries: {
            label: string;
            percentageChange: number;
            data: components["schemas"]["AnalyticsPoint"][];
        };
        AnalyticsPoint: {
            total: number | string;
            date: string;
        };
        IntegrationSettings: {
            output: {
                rules: string;
                maxLength: number;
                /** @description A JSON schema object for the channel's `settings`, or the string `No additional settings required`. */
                settings: Record<string, unknown> | "No additional settings required";
                tools: {
                    methodName: string;
                }[];
            };
        };
        /** @description A single-use upload ticket, valid for 15 minutes. */
        UploadTicket: {
            /**
             * Format: uri
             * @description Where to send the one multipart upload; the ticket in it is the credential.
             */
            uploadUrl: string;
            expiresInSeconds: number;
            /**
             * @description The multipart field name.
             * @constant
             */
            field: "file";
        };
        /** @description The wallet, when the workspace uses it. The reference marks `usesWallet` and `balance` required; the other fields are optional. */
        WalletSummary: {
            /** @constant */
            usesWallet: true;
            /** @description Credits, 2 decimals; may be negative after usage already incurred. */
            balance: number;
            /** @description True after the first top-up while not frozen. */
            payAsYouGo?: boolean;
            frozen?: boolean;
            currency?: string | null;
            /** @description Credits bought with one unit of the currency. */
            creditsPerUnit?: number | null;
            autoTopUp?: components["schemas"]["WalletAutoTopUp"];
            forecast?: components["schemas"]["WalletForecast"] | null;
            /** Format: uri */
            topUpUrl?: string;
        };
        /** @description Automatic top-up settings. Amounts are in the smallest currency unit. All listed fields are taken as always present. */
        WalletAutoTopUp: {
            enabled: boolean;
            belowCredits: number | null;
            amount: number | null;
            monthlyLimit: number | null;
            usedThisMonth: number;
        };
        /** @description Forecast of paid usage in the next hours, counting the next occurrences of repeating posts and posts queued before charging moved to scheduling time. All listed fields are taken as always present. */
        WalletForecast: {
            windowHours: number;
            neededCredits: number;
            short: boolean;
        };
        /** @description The answer of wallet operations on a paid plan, which does not use the wallet. */
        NotOnWallet: {
            /** @constant */
            usesWallet: false;
            message?: string;
        };
        /** @description The price list. Channels not listed are free; prices change, so clients read them here. All listed fields are taken as always present. */
        WalletPrices: {
            /** Format: uri */
            topUpUrl: string;
            sections: components["schemas"]["WalletPriceSection"][];
        };
        WalletPriceSection: {
            key: string;
            label: string;
            items: components["schemas"]["WalletPriceItem"][];
        };
        /** @description One priced action. All listed fields are taken as always present. */
        WalletPriceItem: {
            /** @description For example a provider-dot-action key. */
            key: string;
            name: string;
            description: string | null;
            provider: string;
            unit: string;
            /** @enum {string} */
            billing: "PER_USE" | "MONTHLY" | "UNLOCK";
            requiresTopUp: boolean;
            pricingModel: string;
            includedFree: string;
            /** @description A human text with a credits amount. */
            price: string;
            /** @description Price of one unit. */
            credits: number;
            howCharged: string;
        };
        /** @description A page of wallet transactions. All listed fields are taken as always present. */
        WalletTransactions: {
            total: number;
            page: number;
            size: number;
            nextPage: number | null;
            items: components["schemas"]["WalletTransaction"][];
        };
        /** @description One wallet movement. `credits` is signed; positive adds to the balance, negative spends. All listed fields are taken as always present. */
        WalletTransaction: {
            id: string;
            /** @enum {string} */
            type: "TOPUP" | "AUTO_TOPUP" | "SPEND" | "REFUND" | "GRANT" | "ADJUST";
            description: string | null;
            credits: number;
            quantity: number;
            actionKey: string | null;
            reference: string | null;
            receiptUrl: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description The transactions answer on a paid plan, NotOnWallet plus `total` and an empty `items`. */
        NotOnWalletTransactions: components["schemas"]["NotOnWallet"] & {
            total: number;
            items: unknown[];
        };
        /** @description A post to price. Nothing is charged. */
        WalletEstimateRequest: {
            /** @description Provider identifier. */
            provider: string;
            /** @description The post, then each thread item, as it will be saved. */
            contents: string[];
            /** @description A post being edited; what it already paid counts toward the new price. */
            group?: string;
            /** @description Repeat every n days; the price is then per occurrence. */
            inter?: number;
        };
        /** @description What scheduling the post would charge. The listed fields are taken as always present but `topUpUrl`: the reference marks no field of it required and says nothing of when the link is given, and the service gives it only when the estimate is short (a server may give it always, as the mock does). */
        WalletEstimate: {
            /** @constant */
            usesWallet: true;
            /** @description False when the provider is not charged per post. */
            charged: boolean;
            priceCredits: number;
            alreadyPaidCredits: number;
            /** @description What scheduling takes now; negative gives credits back. */
            dueCredits: number;
            balanceAfterCredits: number;
            /** @description Scheduling now would be refused with 402. */
            short: boolean;
            autoTopUpCovers: boolean;
            perOccurrence: boolean;
            items: {
                actionKey: string;
                credits: number;
            }[];
            /** Format: uri */
            topUpUrl?: string;
        };
        SkillsList: {
            tags: components["schemas"]["SkillTag"][];
            skills: components["schemas"]["SkillSummary"][];
        };
        SkillTag: {
            key: string;
            label: string;
        };
        /** @description A skill in the list. All listed fields are taken as always present. */
        SkillSummary: {
            slug: string;
            name: string;
            summary: string;
            whenToUse: string;
            tags: string[];
            tools: string[];
            usesBrief: boolean;
        };
        /** @description A skill with its instructions. All listed fields are taken as always present. */
        Skill: components["schemas"]["SkillSummary"] & {
            whatItDoes: string | null;
            /** @description Markdown instructions. */
            body: string;
            version: number | string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A document of the agent brief. All listed fields are taken as always present. */
        BriefDocument: {
            category: string;
            key: string;
            content: components["schemas"]["BriefContent"];
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A brief document's content. All listed fields are taken as always present. */
        BriefContent: {
            title: string;
            blocks: components["schemas"]["BriefBlock"][];
            links: components["schemas"]["BriefLink"][];
            assets: components["schemas"]["BriefAsset"][];
        };
        BriefBlock: {
            id: string;
            heading: string;
            body: string;
        };
        BriefLink: {
            id: string;
            url: string;
            note?: string;
        };
        /** @description A file of the brief, for example one uploaded through a brief ticket. */
        BriefAsset: {
            id: string;
            name: string;
            url: string;
            mime?: string;
            note?: string;
        };
        /** @description Fields to save. A field left out keeps the stored value; `blocks`, `links` and `assets` are each replaced whole. */
        SaveBriefDocument: {
            title?: string;
            blocks?: components["schemas"]["BriefBlock"][];
            links?: components["schemas"]["BriefLink"][];
            assets?: components["schemas"]["BriefAsset"][];
        };
        /** @description The guided onboarding's status. All listed fields are taken as always present. */
        BriefOnboardingStatus: {
            available: boolean;
            nextRunCharged: boolean;
            /** @description The run in progress, if any. */
            running: {
                id: string;
                /** Format: date-time */
                createdAt: string;
            } | null;
            /** @description The last run, if any. */
            last: {
                id: string;
                /** @enum {string} */
                status: "RUNNING" | "DONE" | "FAILED";
                /** Format: date-time */
                finishedAt: string | null;
                error: string | null;
            } | null;
            /**
             * Format: uri
             * @description Where the onboarding interview is started, in the app.
             */
            startUrl: string | null;
        };
        BriefList: {
            registryVersion: number;
            documents: components["schemas"]["BriefDocument"][];
        };
        /** @description The general error body (400, 404, 413). The reference does not mark its fields required; at least one of `msg` and `message` is present. */
        Error: {
            statusCode?: number;
            msg?: string;
            message?: components["schemas"]["ErrorMessage"];
        } & ({
            msg: string;
        } | {
            message: components["schemas"]["ErrorMessage"];
        });
        /** @description What went wrong, as one sentence or one per problem. */
        ErrorMessage: string | string[];
        /** @description A `POST /posts` settings problem, naming the channel; nothing is scheduled. */
        PostValidationError: {
            /** @constant */
            statusCode: 400;
            /** @description The channel's provider identifier. */
            provider: string;
            /** @description The channel's name. */
            name: string;
            /** @description The problem. */
            message: string;
        };
        /** @description A missing or invalid credential. */
        Unauthorized: {
            /** @enum {string} */
            msg: "No API Key found" | "Invalid API key" | "Invalid OAuth token";
        };
        /** @description Wallet credits or a first top-up are needed. `url` is the wallet page, relative to the app. */
        WalletRefusal: {
            message: string;
            /** @constant */
            wallet: true;
            /** @description The wallet page, relative to the app (not an absolute URI). */
            url: string;
            /** @constant */
            statusCode?: 402;
            msg?: string;
        };
        /** @description A paid plan is needed. */
        PlanRefusal: {
            statusCode: number;
            message: string;
            /** Format: uri */
            url: string;
        };
        /**
         * @description A post entry's `settings`, chosen by `__type` (the channel's provider identifier). Each known
         *     provider's schema applies in full; any other provider's settings are not shown in the reference
         *     and only need `__type`. That `__type` matches the channel's provider is checked by the server,
         *     not by this schema. `GET /integration-settings/{id}` gives a channel's exact schema.
         */
        ChannelSettings: components["schemas"]["SettingsX"] | components["schemas"]["SettingsLinkedin"] | components["schemas"]["SettingsLinkedinPage"] | components["schemas"]["SettingsInstagram"] | components["schemas"]["SettingsInstagramStandalone"] | components["schemas"]["SettingsFacebook"] | components["schemas"]["SettingsThreads"] | components["schemas"]["SettingsTiktok"] | components["schemas"]["SettingsYoutube"] | components["schemas"]["SettingsDiscord"] | components["schemas"]["SettingsSanity"] | components["schemas"]["SettingsOther"];
        /**
         * @description Settings for a channel whose provider is `x`.
         * @example {
         *       "__type": "x",
         *       "who_can_reply_post": "everyone"
         *     }
         * @example {
         *       "__type": "x",
         *       "who_can_reply_post": "following",
         *       "made_with_ai": true,
         *       "paid_partnership": false
         *     }
         */
        SettingsX: {
            /** @constant */
            __type: "x";
            /** @enum {string} */
            who_can_reply_post: "everyone" | "following" | "mentionedUsers" | "subscribers" | "verified";
            /** @description Address of a community on the network. */
            community?: string;
            /** @description Adds the made-with-AI label. */
            made_with_ai?: boolean;
            /** @description Adds the paid-partnership label. */
            paid_partnership?: boolean;
        };
        /**
         * @description Settings for a LinkedIn personal profile.
         * @example {
         *       "__type": "linkedin"
         *     }
         * @example {
         *       "__type": "linkedin",
         *       "post_as_images_carousel": false,
         *       "carousel_name": "deck"
         *     }
         */
        SettingsLinkedin: {
            /** @constant */
            __type: "linkedin";
            /** @description Attached images become a carousel document. */
            post_as_images_carousel?: boolean;
            /**
             * @description Carousel title.
             * @default slides
             */
            carousel_name?: string;
        };
        /**
         * @description Settings for a LinkedIn company page; the same fields as a personal profile.
         * @example {
         *       "__type": "linkedin-page"
         *     }
         * @example {
         *       "__type": "linkedin-page",
         *       "post_as_images_carousel": false,
         *       "carousel_name": "deck"
         *     }
         */
        SettingsLinkedinPage: {
            /** @constant */
            __type: "linkedin-page";
            /** @description Attached images become a carousel document. */
            post_as_images_carousel?: boolean;
            /**
             * @description Carousel title.
             * @default slides
             */
            carousel_name?: string;
        };
        /**
         * @description Settings for an Instagram business channel. A video posted as `post` goes out as a Reel.
         *     Audio is found with the `audioSearch` helper (`POST /integration-trigger/{id}`) with parameters
         *     `q` (search term; empty for trending) and `type` (`music` or `original_sound`).
         * @example {
         *       "__type": "instagram",
         *       "post_type": "post"
         *     }
         */
        SettingsInstagram: {
            /** @constant */
            __type: "instagram";
            /** @enum {string} */
            post_type: "post" | "story";
            /** @description Accounts to invite; not used on stories. */
            collaborators?: {
                label: string;
            }[];
            /** @description Share a Reel as a trial, to non-followers first. */
            is_trial_reel?: boolean;
            /**
             * @description For trial Reels.
             * @default MANUAL
             * @enum {string}
             */
            graduation_strategy?: "MANUAL" | "SS_PERFORMANCE";
            audio?: {
                id: string;
                audio_volume: number;
                video_volume: number;
                title?: string;
                artist?: string;
                image?: string;
            };
        };
        /**
         * @description Settings for a standalone Instagram channel; the same fields as the business variant. A video posted as `post` goes out as a Reel.
         * @example {
         *       "__type": "instagram-standalone",
         *       "post_type": "post"
         *     }
         */
        SettingsInstagramStandalone: {
            /** @constant */
            __type: "instagram-standalone";
            /** @enum {string} */
            post_type: "post" | "story";
            /** @description Accounts to invite; not used on stories. */
            collaborators?: {
                label: string;
            }[];
            /** @description Share a Reel as a trial, to non-followers first. */
            is_trial_reel?: boolean;
            /**
             * @description For trial Reels.
             * @default MANUAL
             * @enum {string}
             */
            graduation_strategy?: "MANUAL" | "SS_PERFORMANCE";
            audio?: {
                id: string;
                audio_volume: number;
                video_volume: number;
                title?: string;
                artist?: string;
                image?: string;
            };
        };
        /**
         * @description Settings for a Facebook channel. A story needs at least one photo or video; each is published as
         *     its own story. `text_format_preset_id` (a background for a text-only post) applies only to a post
         *     with no media and at most 130 characters; the server checks that, not this schema.
         * @example {
         *       "__type": "facebook",
         *       "post_type": "post"
         *     }
         */
        SettingsFacebook: {
            /** @constant */
            __type: "facebook";
            /**
             * @default post
             * @enum {string}
             */
            post_type?: "post" | "story";
            /** @description Link to attach. */
            url?: string;
            /** @description Background for a text-only post. */
            text_format_preset_id?: string;
        };
        /**
         * @description Settings for a Threads channel; no extra fields. Extra entries in `value` are posted as replies forming a thread.
         * @example {
         *       "__type": "threads"
         *     }
         */
        SettingsThreads: {
            /** @constant */
            __type: "threads";
        };
        /**
         * @description Settings for a TikTok channel. `privacy_level` is required for `DIRECT_POST` (`UPLOAD` sends the
         *     post to the account inbox to finish in the app) and is limited to what the network allows for the
         *     account (the `creatorInfo` helper tells). `disclose true` needs at least one brand toggle true.
         *     `brand_content_toggle true` cannot be combined with `SELF_ONLY`.
         * @example {
         *       "__type": "tiktok",
         *       "content_posting_method": "DIRECT_POST",
         *       "privacy_level": "PUBLIC_TO_EVERYONE",
         *       "title": "Bake day",
         *       "duet": false,
         *       "stitch": false,
         *       "comment": true,
         *       "autoAddMusic": "no",
         *       "brand_organic_toggle": false,
         *       "brand_content_toggle": false
         *     }
         */
        SettingsTiktok: {
            /** @constant */
            __type: "tiktok";
            /** @enum {string} */
            content_posting_method: "DIRECT_POST" | "UPLOAD";
            /** @enum {string} */
            privacy_level?: "PUBLIC_TO_EVERYONE" | "MUTUAL_FOLLOW_FRIENDS" | "FOLLOWER_OF_CREATOR" | "SELF_ONLY";
            title?: string;
            /** @description Allow Duets. */
            duet: boolean;
            /** @description Allow Stitches. */
            stitch: boolean;
            /** @description Allow comments. */
            comment: boolean;
            /** @enum {string} */
            autoAddMusic: "yes" | "no";
            /** @description Promotes the poster's own brand. */
            brand_organic_toggle: boolean;
            /** @description Branded content for a third party. */
            brand_content_toggle: boolean;
            disclose?: boolean;
            /** @description Labels the video as AI-generated. */
            video_made_with_ai?: boolean;
        } & (unknown & unknown & unknown);
        /**
         * @description Settings for a YouTube channel. All `tags` together use up to 500 characters, and a tag containing a space counts two more; the server checks that, not this schema.
         * @example {
         *       "__type": "youtube",
         *       "title": "Bake day",
         *       "type": "public",
         *       "selfDeclaredMadeForKids": "no"
         *     }
         * @example {
         *       "__type": "youtube",
         *       "title": "Spring launch",
         *       "type": "public",
         *       "tags": [
         *         {
         *           "value": "spring",
         *           "label": "spring"
         *         }
         *       ]
         *     }
         */
        SettingsYoutube: {
            /** @constant */
            __type: "youtube";
            title: string;
            /** @enum {string} */
            type: "public" | "private" | "unlisted";
            /** @enum {string} */
            selfDeclaredMadeForKids?: "yes" | "no";
            /** @description An image uploaded first. */
            thumbnail?: {
                id: string;
                path: string;
            };
            tags?: components["schemas"]["Tag"][];
        };
        /**
         * @description Settings for a Discord channel.
         * @example {
         *       "__type": "discord",
         *       "channel": "general"
         *     }
         * @example {
         *       "__type": "discord",
         *       "channel": "1000001"
         *     }
         */
        SettingsDiscord: {
            /** @constant */
            __type: "discord";
            /** @description Channel id on the network, listed by the `channels` helper. */
            channel: string;
            /** @description Forum channels only; the thread title. When empty the first line of the post is used. */
            title?: string;
        };
        /**
         * @description Settings for a Sanity channel. The service does not copy the article; at the scheduled time it
         *     publishes the document's current draft in the connected content system. The `documents` helper
         *     lists documents in the connected dataset and `validateDocument` checks one before scheduling.
         * @example {
         *       "__type": "sanity",
         *       "documentId": "weekly-news"
         *     }
         */
        SettingsSanity: {
            /** @constant */
            __type: "sanity";
            /** @description Published id of the document, without the `drafts.` prefix. */
            documentId: string;
        };
        /** @description Settings for any provider not listed above. Their fields are not shown in the reference; only `__type` is known. */
        SettingsOther: {
            __type: string & {
                readonly settingsOfAProviderNotDescribed: true;
            };
        };
    };
    responses: {
        /** @description The credential is missing or invalid. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "msg": "Invalid API key"
                 *     }
                 */
                "application/json": components["schemas"]["Unauthorized"];
            };
        };
        /** @description Invalid request or validation failure. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "statusCode": 400,
                 *       "msg": "Bad Request",
                 *       "message": [
                 *         "size must not be greater than 100"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not found. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "statusCode": 404,
                 *       "msg": "Not Found",
                 *       "message": "Not found"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Wallet credits or a first top-up are needed. Nothing is saved or charged. */
        WalletRefusal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Not enough credits in your wallet.",
                 *       "wallet": true,
                 *       "url": "/wallet"
                 *     }
                 */
                "application/json": components["schemas"]["WalletRefusal"];
            };
        };
        /** @description A paid plan is needed (a plan refusal). Section 7 lists the AI endpoints among those that answer 402 "for wallet or plan reasons", so a wallet refusal is allowed too. */
        PlanOrWalletRefusal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "statusCode": 402,
                 *       "message": "AI generation is available on paid plans.",
                 *       "url": "https://app.example.com/billing"
                 *     }
                 */
                "application/json": components["schemas"]["PlanRefusal"] | components["schemas"]["WalletRefusal"];
            };
        };
        /** @description The free plan's media library is full. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "statusCode": 413,
                 *       "msg": "Payload Too Large",
                 *       "message": "Your media library is full."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Channel (integration) id. */
        ChannelId: string;
        /** @description Post id. */
        PostId: string;
        /** @description `true` also deletes published posts on networks that support that; otherwise a published post is only removed from the calendar. */
        DeleteFromPlatform: "true" | "false";
        /** @description The upload ticket's token, from `uploadUrl`. It is the credential. */
        TicketToken: string;
        /** @description Days back, for example `7`, `30`, `90`. */
        AnalyticsDate: string;
        /** @description Category id from `GET /brief/schema`. */
        BriefCategory: string;
        /** @description Document key within the category. */
        BriefKey: string;
    };
    requestBodies: {
        /** @description The file, as multipart form data field `file`. */
        FileUpload: {
            content: {
                "multipart/form-data": {
                    /** @description The file's bytes. */
                    file: Blob;
                } | FormData;
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    checkConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential is valid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "connected": true
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        connected: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    listIntegrations: {
        parameters: {
            query?: {
                /** @description Group id from `GET /groups`; only that group's channels are listed. */
                group?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channels. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "ch_linkedin_1",
                     *         "name": "Acme on LinkedIn",
                     *         "identifier": "linkedin-page",
                     *         "picture": "https://cdn.example.com/avatars/acme.png",
                     *         "disabled": false,
                     *         "profile": "acme",
                     *         "customer": {
                     *           "id": "grp_1",
                     *           "name": "Acme"
                     *         }
                     *       },
                     *       {
                     *         "id": "ch_x_1",
                     *         "name": "Acme on X",
                     *         "identifier": "x",
                     *         "picture": null,
                     *         "disabled": false,
                     *         "profile": "acme_hq"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Channel"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    listGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "grp_1",
                     *         "name": "Acme"
                     *       },
                     *       {
                     *         "id": "grp_2",
                     *         "name": "Globex"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Group"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getIntegrationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Channel (integration) id. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel's rules, settings schema and tools. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "output": {
                     *         "rules": "Posts may include up to 4 images or one video.",
                     *         "maxLength": 280,
                     *         "settings": {
                     *           "type": "object",
                     *           "required": [
                     *             "who_can_reply_post"
                     *           ],
                     *           "properties": {
                     *             "who_can_reply_post": {
                     *               "type": "string",
                     *               "enum": [
                     *                 "everyone",
                     *                 "following",
                     *                 "mentionedUsers",
                     *                 "subscribers",
                     *                 "verified"
                     *               ]
                     *             }
                     *           }
                     *         },
                     *         "tools": [
                     *           {
                     *             "methodName": "listCommunities"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["IntegrationSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    triggerIntegrationTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Channel (integration) id. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "methodName": "audioSearch",
                 *       "data": {
                 *         "q": "summer",
                 *         "type": "music"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The helper to run, as listed in the channel's `tools`. */
                    methodName: string;
                    /** @description The helper's parameters; every value is a string. */
                    data?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The helper's output. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "output": [
                     *         {
                     *           "id": "aud_123",
                     *           "title": "Summer Breeze"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The helper's output; any JSON value (not shown in the reference). */
                        output: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    getSocialConnectUrl: {
        parameters: {
            query?: {
                /** @description Id of an existing channel to reconnect. */
                refresh?: string;
            };
            header?: never;
            path: {
                /** @description Provider identifier, for example `linkedin`, `tiktok`, `x`. */
                integration: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider's OAuth URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://www.linkedin.com/oauth/v2/authorization?client_id=abc&state=xyz"
                     *     }
                     */
                    "application/json": {
                        /** Format: uri */
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
        };
    };
    deleteIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Channel (integration) id. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel is disconnected. Fields not shown in the reference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ch_x_1"
                     *     }
                     */
                    "application/json": Record<string, unknown>;
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    findSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Channel (integration) id. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The next free slot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "date": "2025-03-11T06:40:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        date: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    listPosts: {
        parameters: {
            query: {
                /** @description Start of the window (ISO 8601 date-time). */
                startDate: string;
                /** @description End of the window (ISO 8601 date-time). */
                endDate: string;
                /** @description Group id; only that group's channels. */
                customer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The posts in the window. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "posts": [
                     *         {
                     *           "id": "post_1",
                     *           "group": "grp_post_1",
                     *           "content": "<p>Spring launch is live.</p>",
                     *           "publishDate": "2025-03-11T09:00:00.000Z",
                     *           "state": "QUEUE",
                     *           "releaseURL": null,
                     *           "integration": {
                     *             "id": "ch_linkedin_1"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        posts: components["schemas"]["PostSummary"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createPosts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePosts"];
            };
        };
        responses: {
            /** @description One entry per created post. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "postId": "post_1",
                     *         "integration": "ch_x_1"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CreatedPost"][];
                };
            };
            /** @description Invalid request or validation failure. Either the general `Error`, or, for a settings problem, `PostValidationError` naming the channel. Nothing is scheduled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["PostValidationError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            /** @description Too many `POST /posts` requests in the hour for this workspace; wait and retry. The body is not shown in the reference. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePostStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Post id. */
                id: components["parameters"]["PostId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "schedule"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status: "draft" | "schedule";
                };
            };
        };
        responses: {
            /** @description The state is changed. Fields not shown in the reference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "post_1"
                     *     }
                     */
                    "application/json": Record<string, unknown>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
        };
    };
    setPostReleaseId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Post id. */
                id: components["parameters"]["PostId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "releaseId": "1898412345678901234"
                 *     }
                 */
                "application/json": {
                    releaseId: string;
                };
            };
        };
        responses: {
            /** @description The release id is set. Fields not shown in the reference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "post_1"
                     *     }
                     */
                    "application/json": Record<string, unknown>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    listMissingReleases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Post id. */
                id: components["parameters"]["PostId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The candidates. Item fields not shown in the reference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "1898412345678901234"
                     *       }
                     *     ]
                     */
                    "application/json": Record<string, unknown>[];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deletePost: {
        parameters: {
            query?: {
                /** @description `true` also deletes published posts on networks that support that; otherwise a published post is only removed from the calendar. */
                deleteFromPlatform?: components["parameters"]["DeleteFromPlatform"];
            };
            header?: never;
            path: {
                /** @description Post id. */
                id: components["parameters"]["PostId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delete result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "group": "grp_post_1",
                     *       "error": false,
                     *       "deletedFromPlatform": [],
                     *       "platformErrors": []
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deletePostGroup: {
        parameters: {
            query?: {
                /** @description `true` also deletes published posts on networks that support that; otherwise a published post is only removed from the calendar. */
                deleteFromPlatform?: components["parameters"]["DeleteFromPlatform"];
            };
            header?: never;
            path: {
                /** @description Group id shared by the post, its thread items and comments. */
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delete result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "group": "grp_post_1",
                     *       "error": false,
                     *       "deletedFromPlatform": [
                     *         "ch_x_1"
                     *       ],
                     *       "platformErrors": []
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["FileUpload"];
        responses: {
            /** @description The stored media. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "med_1",
                     *       "name": "dashboard.png",
                     *       "originalName": "dashboard.png",
                     *       "path": "https://uploads.example.com/med_1.png",
                     *       "thumbnail": null,
                     *       "alt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Media"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    uploadMediaFromUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://images.example.com/launch.jpg"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uri
                     * @description A public https URL of the file.
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The stored media. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "med_2",
                     *       "name": "launch.jpg",
                     *       "originalName": "launch.jpg",
                     *       "path": "https://uploads.example.com/med_2.jpg",
                     *       "thumbnail": null,
                     *       "alt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Media"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    createUploadTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "purpose": "brief"
                 *     }
                 */
                "application/json": {
                    /** @description `media` or `brief`. Any value other than `brief` yields a media ticket; `null` is none. */
                    purpose?: string | null;
                };
            };
        };
        responses: {
            /** @description The ticket. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uploadUrl": "http://127.0.0.1:4010/api/public/v1/brief-upload/3f2a9c0e5b7d4f1a8c6e2b9d0a4f7c1e3f2a9c0e5b7d4f1a8c6e2b9d0a4f7c1e",
                     *       "expiresInSeconds": 900,
                     *       "field": "file"
                     *     }
                     */
                    "application/json": components["schemas"]["UploadTicket"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    uploadWithTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The upload ticket's token, from `uploadUrl`. It is the credential. */
                token: components["parameters"]["TicketToken"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["FileUpload"];
        responses: {
            /** @description The stored media. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "med_3",
                     *       "name": "photo.webp",
                     *       "originalName": "photo.webp",
                     *       "path": "https://uploads.example.com/med_3.webp",
                     *       "thumbnail": null,
                     *       "alt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Media"];
                };
            };
            400: components["responses"]["BadRequest"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    uploadBriefFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The upload ticket's token, from `uploadUrl`. It is the credential. */
                token: components["parameters"]["TicketToken"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["FileUpload"];
        responses: {
            /** @description The stored file, with its kind and MIME type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "med_4",
                     *       "name": "brand-guide.pdf",
                     *       "originalName": "brand-guide.pdf",
                     *       "path": "https://uploads.example.com/med_4.pdf",
                     *       "thumbnail": null,
                     *       "alt": null,
                     *       "type": "document",
                     *       "mime": "application/pdf"
                     *     }
                     */
                    "application/json": components["schemas"]["BriefUploadMedia"];
                };
            };
            400: components["responses"]["BadRequest"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listMedia: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Words in the file name. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of media and the page count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "pages": 1,
                     *       "results": [
                     *         {
                     *           "id": "med_2",
                     *           "name": "launch.jpg",
                     *           "originalName": "launch.jpg",
                     *           "path": "https://uploads.example.com/med_2.jpg",
                     *           "thumbnail": null,
                     *           "alt": "Launch banner"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        pages: number;
                        results: components["schemas"]["Media"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Media id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    getChannelAnalytics: {
        parameters: {
            query: {
                /** @description Days back, for example `7`, `30`, `90`. */
                date: components["parameters"]["AnalyticsDate"];
                /** @description `true` reads the network again instead of the one-hour cache. */
                fresh?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description Channel id. */
                integration: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel's analytics series. */
            200: {
                headers: {
                    /** @description When the numbers were read from the network. */
                    "X-Cached-At": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "label": "Impressions",
                     *         "percentageChange": 12.5,
                     *         "data": [
                     *           {
                     *             "total": 340,
                     *             "date": "2025-03-09"
                     *           },
                     *           {
                     *             "total": 382,
                     *             "date": "2025-03-10"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["AnalyticsSeries"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
        };
    };
    getPostAnalytics: {
        parameters: {
            query: {
                /** @description Days back, for example `7`, `30`, `90`. */
                date: components["parameters"]["AnalyticsDate"];
            };
            header?: never;
            path: {
                /** @description Post id. */
                postId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post's analytics series, or `missing true` when the post is not linked to its network message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsSeries"][] | {
                        /** @constant */
                        missing: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description Page number, from 0. */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notifications. Shape not shown in the reference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "notifications": []
                     *     }
                     */
                    "application/json": Record<string, unknown>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wallet summary, or NotOnWallet on a paid plan. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletSummary"] | components["schemas"]["NotOnWallet"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getWalletPrices: {
        parameters: {
            query?: {
                /** @description Provider identifier; only that provider's rows. */
                provider?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The price list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "topUpUrl": "https://app.example.com/wallet",
                     *       "sections": [
                     *         {
                     *           "key": "channels",
                     *           "label": "Channels",
                     *           "items": [
                     *             {
                     *               "key": "x.post",
                     *               "name": "Post on X",
                     *               "description": "Each post item (the post and every thread item) sent to X.",
                     *               "provider": "x",
                     *               "unit": "post",
                     *               "billing": "PER_USE",
                     *               "requiresTopUp": true,
                     *               "pricingModel": "per_item",
                     *               "includedFree": "None",
                     *               "price": "2.25 credits per post",
                     *               "credits": 2.25,
                     *               "howCharged": "Charged when the post is scheduled; refunded if it is not sent."
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WalletPrices"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    listWalletTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 0. */
                page?: number;
                /** @description Items per page, 1 to 100. */
                size?: number;
                /** @description Comma separated list of transaction types to include, for example `SPEND,REFUND` (spaces around the commas are taken as well). */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions, or NotOnWallet with an empty `items` on a paid plan. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletTransactions"] | components["schemas"]["NotOnWalletTransactions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    estimateWalletCharge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "x",
                 *       "contents": [
                 *         "Spring launch is live.",
                 *         "Read more on our blog."
                 *       ],
                 *       "inter": 0
                 *     }
                 */
                "application/json": components["schemas"]["WalletEstimateRequest"];
            };
        };
        responses: {
            /** @description The estimate, or NotOnWallet on a paid plan. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletEstimate"] | components["schemas"]["NotOnWallet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    listSkills: {
        parameters: {
            query?: {
                /** @description Tag key. */
                tag?: string;
                /** @description Words in the name, summary or tags. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The skills and their tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tags": [
                     *         {
                     *           "key": "writing",
                     *           "label": "Writing"
                     *         }
                     *       ],
                     *       "skills": [
                     *         {
                     *           "slug": "launch-thread",
                     *           "name": "Launch thread",
                     *           "summary": "Turns a product launch into a thread.",
                     *           "whenToUse": "When announcing a release.",
                     *           "tags": [
                     *             "writing"
                     *           ],
                     *           "tools": [
                     *             "createPosts",
                     *             "estimateWalletCharge"
                     *           ],
                     *           "usesBrief": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SkillsList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
        };
    };
    getSkill: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The skill's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The skill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "launch-thread",
                     *       "name": "Launch thread",
                     *       "summary": "Turns a product launch into a thread.",
                     *       "whenToUse": "When announcing a release.",
                     *       "tags": [
                     *         "writing"
                     *       ],
                     *       "tools": [
                     *         "createPosts",
                     *         "estimateWalletCharge"
                     *       ],
                     *       "usesBrief": true,
                     *       "whatItDoes": "Drafts a thread from the brief and the release notes.",
                     *       "body": "# Launch thread\nRead the brief, then write one post and three replies.\n",
                     *       "version": 3,
                     *       "updatedAt": "2025-02-01T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Skill"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
        };
    };
    getBriefSchema: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The categories. Item fields not shown in the reference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "categories": [
                     *         {
                     *           "id": "foundation",
                     *           "label": "Foundation"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        categories: Record<string, unknown>[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
        };
    };
    listBriefDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The brief documents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "registryVersion": 3,
                     *       "documents": [
                     *         {
                     *           "category": "foundation",
                     *           "key": "voice",
                     *           "content": {
                     *             "title": "Voice",
                     *             "blocks": [
                     *               {
                     *                 "id": "b1",
                     *                 "heading": "Tone",
                     *                 "body": "Plain, warm and direct."
                     *               }
                     *             ],
                     *             "links": [],
                     *             "assets": []
                     *           },
                     *           "updatedAt": "2025-03-01T12:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BriefList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
        };
    };
    getBriefOnboarding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The onboarding status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "available": true,
                     *       "nextRunCharged": false,
                     *       "running": null,
                     *       "last": {
                     *         "id": "run_1",
                     *         "status": "DONE",
                     *         "finishedAt": "2025-03-01T12:30:00.000Z",
                     *         "error": null
                     *       },
                     *       "startUrl": "https://app.example.com/brief/onboarding"
                     *     }
                     */
                    "application/json": components["schemas"]["BriefOnboardingStatus"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
        };
    };
    getBriefDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Category id from `GET /brief/schema`. */
                category: components["parameters"]["BriefCategory"];
                /** @description Document key within the category. */
                key: components["parameters"]["BriefKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "category": "sources",
                     *       "key": "blog",
                     *       "content": {
                     *         "title": "Blog",
                     *         "blocks": [],
                     *         "links": [
                     *           {
                     *             "id": "l1",
                     *             "url": "https://blog.example.com",
                     *             "note": "Company blog"
                     *           }
                     *         ],
                     *         "assets": []
                     *       },
                     *       "updatedAt": "2025-03-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["BriefDocument"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteBriefDocument: {
        parameters: {
            query?: {
                /** @description `true` keeps the revisions and records the removal; by default history is deleted too. */
                keepHistory?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description Category id from `GET /brief/schema`. */
                category: components["parameters"]["BriefCategory"];
                /** @description Document key within the category. */
                key: components["parameters"]["BriefKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the document was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        deleted: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
        };
    };
    saveBriefDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Category id from `GET /brief/schema`. */
                category: components["parameters"]["BriefCategory"];
                /** @description Document key within the category. */
                key: components["parameters"]["BriefKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Brand assets",
                 *       "assets": [
                 *         {
                 *           "id": "a1",
                 *           "name": "brand-guide.pdf",
                 *           "url": "https://uploads.example.com/med_4.pdf",
                 *           "mime": "application/pdf",
                 *           "note": "Current brand guide"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SaveBriefDocument"];
            };
        };
        responses: {
            /** @description The saved document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "category": "foundation",
                     *       "key": "branding-assets",
                     *       "content": {
                     *         "title": "Brand assets",
                     *         "blocks": [],
                     *         "links": [],
                     *         "assets": [
                     *           {
                     *             "id": "a1",
                     *             "name": "brand-guide.pdf",
                     *             "url": "https://uploads.example.com/med_4.pdf",
                     *             "mime": "application/pdf",
                     *             "note": "Current brand guide"
                     *           }
                     *         ]
                     *       },
                     *       "updatedAt": "2025-03-10T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["BriefDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["WalletRefusal"];
            404: components["responses"]["NotFound"];
        };
    };
    generateVideo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "prompt": "A 10 second product teaser"
                 *     }
                 */
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description The generation's answer. Fields not shown in the reference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "vid_1"
                     *     }
                     */
                    "application/json": Record<string, unknown>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PlanOrWalletRefusal"];
        };
    };
    runVideoFunction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "identifier": "image-text-slides",
                 *       "functionName": "loadVoices",
                 *       "params": {}
                 *     }
                 */
                "application/json": {
                    identifier: string;
                    functionName: string;
                    /** @description Contents not shown in the reference. */
                    params?: Record<string, unknown>;
                };
            };
        };
        responses: {
            /** @description The function's answer; any JSON value (shape not shown in the reference). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "voice_1",
                     *         "name": "Narrator"
                     *       }
                     *     ]
                     */
                    "application/json": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PlanOrWalletRefusal"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Social Publishing Workspace API",
                     *         "version": "1.0.0"
                     *       },
                     *       "paths": {}
                     *     }
                     */
                    "application/json": {
                        openapi: string;
                        info: {
                            title: string;
                            /** @constant */
                            version: "1.0.0";
                        } & {
                            [key: string]: unknown;
                        };
                        paths: Record<string, unknown>;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
}
