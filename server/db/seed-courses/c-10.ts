import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-10',
  summary:
    'Use Git with confidence and collaborate on GitHub: commits, branches, merging, remotes, pull requests, and undoing mistakes safely.',
  description: `Git records the history of your project so you can experiment freely, see who changed what and why, and go back when something breaks. GitHub adds a place to share that history and review each other's work.

This course builds the mental model first (snapshots, branches as pointers, the staging area), because with it every command makes sense. Then you practise the everyday workflow: commit, branch, merge, push, open a pull request, and fix things when they go wrong.

You need a terminal and Git installed; no earlier experience is required.`,
  outcomes: [
    'Create a repository and record changes with meaningful commits',
    'Explain the working tree, the staging area and the history',
    'Create, merge and delete branches, and resolve conflicts',
    'Push to and pull from a GitHub remote',
    'Collaborate through pull requests and code review',
    'Undo mistakes with restore, revert and reset',
  ],
  sections: [
    {
      id: 'c-10-1',
      title: 'Git on your machine',
      lessons: [
        {
          id: 'c-10-1-1',
          title: 'What Git does, and your first repository',
          minutes: 7,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## Snapshots, not copies

Without version control, projects fill up with \`report-final-v2-REALLY-final.docx\`. Git replaces that with a **history of snapshots**: each **commit** records the state of every file in the project, with an author, a date and a message saying why. You can compare any two snapshots, go back to one, or work on several lines of development at once.

Git is **distributed**: every copy of a repository holds the whole history, so almost everything works offline and is fast.

## Setting up

Install Git from git-scm.com (or your package manager), then tell it who you are. This goes into every commit you make:

~~~bash
git --version
git config --global user.name "Ada Lovelace"
git config --global user.email "ada@example.com"
git config --global init.defaultBranch main
~~~

## Your first repository

~~~bash
mkdir recipes && cd recipes
git init
echo "# Recipes" > README.md
git status
~~~

\`git init\` creates a hidden \`.git\` folder: that is the repository, holding the whole history. \`git status\` is the command you will run most: it tells you what changed and what Git will do next. Right now it lists \`README.md\` as **untracked**: Git sees it but doesn't record it yet.

~~~bash
git add README.md
git commit -m "Add a README"
git log --oneline
~~~

\`git add\` puts the file in the **staging area**; \`git commit\` records a snapshot of what is staged. \`git log\` lists the history, newest first, each commit with a short id such as \`3f2a9c1\`.

## The three places

- The **working tree**: the files you edit.
- The **staging area** (the index): what will go into the next commit.
- The **repository**: the committed history.

Changes flow from the working tree to the staging area with \`git add\`, and from the staging area to the history with \`git commit\`. The next lesson shows why that middle step is useful.`,
          },
        },
        {
          id: 'c-10-1-2',
          title: 'Good commits',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Seeing what changed

~~~bash
git status            # which files changed, which are staged
git diff              # changes not staged yet
git diff --staged     # changes that will go into the next commit
~~~

Read the diff before every commit. It catches debug prints, stray files and secrets before they enter the history.

## Staging lets you choose

You fixed a bug and, on the way, renamed a few variables. These are two different changes, and they deserve two commits:

~~~bash
git add src/parser.js            # just this file
git commit -m "Fix crash on an empty recipe file"

git add -p                       # pick the remaining changes hunk by hunk
git commit -m "Rename variables in the ingredient list"
~~~

\`git add -p\` shows each change and asks whether to stage it (y/n). Small, focused commits are easy to review, to understand later, and to undo one by one.

## Writing the message

A good commit message has a short summary line (about 50 characters, in the imperative: "Add", "Fix", not "Added"), a blank line, then a body explaining **why** when it isn't obvious:

~~~text
Fix crash on an empty recipe file

The parser assumed at least one line and threw on an empty file.
It now returns an empty recipe, and the import shows a warning.
~~~

The diff already says **what** changed; the message is for the reason, which is the first thing lost.

## Ignoring files

Some files should never be committed: dependencies, build output, editor settings, and secrets. List them in \`.gitignore\`:

~~~text
node_modules/
dist/
.env
*.log
.DS_Store
~~~

\`.gitignore\` only affects untracked files. If you already committed one by mistake, remove it from the repository but keep it on disk with \`git rm --cached <file>\`, then commit.

## Looking back

~~~bash
git log --oneline --graph --all   # the shape of the history
git show 3f2a9c1                  # one commit: message and diff
git blame README.md               # who last changed each line, and in which commit
~~~`,
          },
        },
        {
          id: 'c-10-1-3',
          title: 'Branches and merging',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## A branch is a pointer

A branch is just a movable name for a commit. \`main\` points at the latest commit of the main line; when you commit on a branch, its pointer moves forward. \`HEAD\` is the branch you are on. Creating a branch is instant and costs nothing, so make one for every piece of work.

~~~bash
git switch -c add-search      # create a branch and switch to it
# ...edit, add, commit...
git switch main               # back to main: your files change to match
~~~

Your work on \`add-search\` stays safely on that branch while \`main\` moves on without it.

## Merging

When the feature is done, bring it into \`main\`:

~~~bash
git switch main
git merge add-search
git branch -d add-search      # delete the merged branch's name
~~~

If \`main\` has not moved since you branched, Git simply moves \`main\` forward to your last commit: a **fast-forward**. If both have new commits, Git creates a **merge commit** with two parents, joining the two lines of history.

## Conflicts

When both branches changed the same lines, Git can't choose and stops with a **conflict**. The file contains both versions between markers:

~~~text
<<<<<<< HEAD
Bake for 25 minutes at 180 °C.
=======
Bake for 30 minutes at 175 °C.
>>>>>>> add-search
~~~

The part above \`=======\` is yours (HEAD), the part below comes from the branch being merged. To resolve it:

1. Edit the file to the correct final text and delete the three marker lines.
2. \`git add\` the file to mark it resolved.
3. \`git commit\` to finish the merge.

\`git merge --abort\` gives up and returns to the state before the merge. Conflicts are normal, not a failure; small branches merged often have few of them.

## Rebase, briefly

\`git rebase main\` replays your branch's commits on top of the latest \`main\`, giving a straight history without a merge commit. It **rewrites** those commits (they get new ids), so only rebase commits that nobody else has based work on.`,
          },
        },
      ],
    },
    {
      id: 'c-10-2',
      title: 'Working with others on GitHub',
      lessons: [
        {
          id: 'c-10-2-1',
          title: 'Remotes: push, fetch and pull',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## A remote is another copy

A **remote** is a copy of the repository somewhere else, usually on GitHub. After you create an empty repository on github.com, connect yours to it:

~~~bash
git remote add origin git@github.com:ada/recipes.git
git push -u origin main
~~~

\`origin\` is the conventional name of the main remote. \`-u\` links your local \`main\` to \`origin/main\`, so later a plain \`git push\` or \`git pull\` knows where to go.

To start from an existing repository instead, **clone** it: \`git clone git@github.com:ada/recipes.git\` copies the whole history and sets up \`origin\` for you.

## Authentication

GitHub doesn't accept your account password for Git. Use an SSH key (\`ssh-keygen -t ed25519\`, then add the public key in GitHub's settings) or HTTPS with the GitHub CLI (\`gh auth login\`) or a credential manager.

## Keeping in sync

~~~bash
git fetch              # download new commits; change none of your files
git status             # "Your branch is behind 'origin/main' by 2 commits"
git pull               # fetch, then integrate into your branch
git push               # upload your new commits
~~~

\`origin/main\` is your local record of where \`main\` was on the remote at the last fetch. \`git pull\` merges it into your branch by default; many people prefer \`git pull --rebase\` (or \`git config --global pull.rebase true\`) to keep the history straight.

## When a push is rejected

If someone pushed before you, your push is refused because it would discard their commits. Pull first, resolve any conflicts, then push again. Never "fix" this with \`git push --force\` on a shared branch: it overwrites your teammates' work. On your own branch after a rebase, \`git push --force-with-lease\` is the safe form: it refuses if the remote has commits you haven't seen.

## Branches on the remote

~~~bash
git push -u origin add-search   # publish a branch
git branch -r                   # list remote branches
git push origin --delete add-search
~~~`,
          },
        },
        {
          id: 'c-10-2-2',
          title: 'Pull requests and code review',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## The GitHub flow

Most teams use a simple workflow around one always-deployable \`main\` branch:

1. Create a branch from an up-to-date \`main\`.
2. Commit your work in small steps and push the branch.
3. Open a **pull request** (PR) asking to merge it into \`main\`.
4. Automated checks run and teammates review the changes.
5. Address the feedback with more commits on the same branch; the PR updates by itself.
6. Merge, delete the branch, and pull \`main\` locally.

~~~bash
git switch main && git pull
git switch -c fix-empty-file
# ...commit...
git push -u origin fix-empty-file
gh pr create --fill          # or use the link Git prints, in the browser
~~~

## Writing a good pull request

- A title that says what the PR does, and a description that says **why**, how you tested it, and anything reviewers should look at closely.
- Link the issue it solves: "Fixes #42" in the description closes issue 42 when the PR is merged.
- Keep it small. A 200-line PR gets a careful review; a 3,000-line one gets a rubber stamp.

## Reviewing

Review to find problems, share knowledge and keep the code consistent, not to show off. Ask questions rather than giving orders ("What happens if the list is empty?"), point out what is good too, and separate must-fix issues from personal preferences. As the author, don't take comments personally; answer each one, with a change or an explanation.

## Protecting main

In the repository settings, a **branch protection rule** (or ruleset) for \`main\` can require a pull request, an approving review and passing checks before merging. Checks typically come from GitHub Actions: a workflow file in \`.github/workflows/\` that runs your tests on every push.

## Merge options

GitHub offers three buttons: a **merge commit** keeps every commit and adds a merge commit; **squash and merge** combines the PR into one commit on \`main\`; **rebase and merge** replays the commits without a merge commit. Teams usually pick one and stick with it.`,
          },
        },
        {
          id: 'c-10-2-3',
          title: 'Undoing things',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Almost nothing is lost

Git keeps every commit you made for weeks, even ones no branch points at any more. Knowing the right command for each situation makes mistakes cheap.

## Changes you have not committed

~~~bash
git restore notes.md             # throw away unstaged changes to a file
git restore --staged notes.md    # unstage it, keeping the changes
~~~

\`git restore\` on a file discards its uncommitted changes for good: Git never recorded them, so it cannot bring them back.

## The last commit

Forgot a file, or made a typo in the message? If you haven't pushed yet:

~~~bash
git add forgotten-file.js
git commit --amend -m "Add search to the recipe list"
~~~

\`--amend\` replaces the last commit with a new one.

## Undoing a pushed commit: revert

\`git revert\` creates a **new** commit that does the opposite of an old one. History is not rewritten, so it is safe on shared branches:

~~~bash
git revert 3f2a9c1
~~~

## Moving a branch back: reset

\`git reset\` moves the current branch to another commit. Use it only on commits you have not pushed:

~~~bash
git reset --soft HEAD~1    # undo the last commit, keep its changes staged
git reset HEAD~1           # undo it, keep the changes unstaged (--mixed, the default)
git reset --hard HEAD~1    # undo it and DISCARD its changes
~~~

\`HEAD~1\` means "one commit before HEAD". \`--hard\` also wipes your uncommitted work, so check \`git status\` first.

## The safety net: reflog

\`git reflog\` lists every position HEAD has had, including commits "lost" by a reset or a bad rebase:

~~~bash
git reflog
# a1b2c3d HEAD@{1}: commit: Add search to the recipe list
git branch rescued a1b2c3d      # bring it back on a new branch
~~~

## Which one?

- Not committed yet: \`git restore\`.
- Committed, not pushed: \`git commit --amend\` or \`git reset\`.
- Pushed and shared: \`git revert\`.
- Lost something: \`git reflog\`.`,
          },
        },
        quizLesson({
          id: 'c-10-2-4',
          title: 'Quiz: Git and GitHub',
          minutes: 5,
          passPercent: 75,
          markdown: 'Four questions on the whole course.',
          questions: [
            {
              prompt: 'What does git add do?',
              choices: [
                'Uploads the file to GitHub',
                'Puts the current changes of the file into the staging area for the next commit',
                'Creates a commit',
              ],
              answers: [1],
            },
            {
              prompt:
                'A commit that was already pushed to a shared branch broke the build. What is the safe way to undo it?',
              choices: [
                'git reset --hard HEAD~1 and git push --force',
                'git revert <commit>',
                'git restore .',
              ],
              answers: [1],
            },
            {
              prompt: 'Which statements about branches are true?',
              choices: [
                'A branch is a movable pointer to a commit',
                'Creating a branch copies every file of the project',
                'A fast-forward merge creates no merge commit',
                'Conflicts happen when both branches changed the same lines',
              ],
              answers: [0, 2, 3],
            },
            {
              prompt: 'Which make a pull request easier to review well?',
              choices: [
                'Keeping it small and focused',
                'A description of why and how it was tested',
                'Combining several unrelated features',
                'Linking the issue it solves',
              ],
              answers: [0, 1, 3],
            },
          ],
        }),
      ],
    },
  ],
};
