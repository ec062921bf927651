import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import {
  DISPLAY_NAME_MAX,
  EARLIEST_BIRTHDAY,
  localToday,
  type UpdateProfileRequest,
  type UserProfile,
} from '@family/contract';
import { useUpdateProfile } from '../api/use-update-profile';
import { ageOn, BIRTHDAY_MESSAGE, birthdayProblem } from '../../../lib/birthday';
import { formatCalendarDate } from '../../../lib/calendar-date';
import { emailProblem } from '../utils/email';
import { InlineFieldEditor } from './inline-field-editor';
import { ProfilePicture } from './profile-picture';

type ProfileCardProps = {
  user: UserProfile;
  /** The signed-in person's own profile: the fields can be edited. */
  own: boolean;
};

const NOT_SET = (
  <Typography component="span" sx={{ color: 'text.secondary' }}>
    Not set
  </Typography>
);

const SAVED = 'Profile updated successfully';

/** Picture, name, username, email and birthday with age; the page's heading. */
export function ProfileCard({ user, own }: ProfileCardProps) {
  const headingId = useId();
  const update = useUpdateProfile();

  useEffect(() => {
    document.title = `${user.displayName} · Family Archive`;
  }, [user.displayName]);

  const save = (changes: UpdateProfileRequest) => update.trigger(changes);

  const today = localToday();
  const age = user.dateOfBirth ? ageOn(user.dateOfBirth, today) : null;

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ gridColumn: '1 / -1' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 2 }}>
          Profile
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'center', sm: 'flex-start' },
            gap: 3,
          }}
        >
          <ProfilePicture user={user} canEdit={own} />
          <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {user.displayName}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>@{user.username}</Typography>

            {own && (
              <InlineFieldEditor
                label="Display name"
                display={user.displayName}
                canEdit
                savedValue={user.displayName}
                autoComplete="name"
                validate={(value) => {
                  const name = value.trim();
                  if (!name) return 'Display name is required';
                  return name.length > DISPLAY_NAME_MAX
                    ? `Display name must be at most ${DISPLAY_NAME_MAX} characters`
                    : null;
                }}
                savedMessage={SAVED}
                onSave={(value) => save({ displayName: value.trim() })}
              />
            )}

            {(own || user.email) && (
              <InlineFieldEditor
                label="Email"
                display={user.email ?? NOT_SET}
                canEdit={own}
                savedValue={user.email ?? ''}
                type="email"
                autoComplete="email"
                helperText="Leave empty to remove your email."
                validate={emailProblem}
                savedMessage={SAVED}
                onSave={(value) => save({ email: value.trim() === '' ? null : value.trim() })}
              />
            )}

            {(own || user.dateOfBirth) && (
              <InlineFieldEditor
                label="Birthday"
                display={
                  user.dateOfBirth ? (
                    <>
                      {formatCalendarDate(user.dateOfBirth)}
                      {age !== null && (
                        <Typography component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                          {' '}
                          · Age {age}
                        </Typography>
                      )}
                    </>
                  ) : (
                    NOT_SET
                  )
                }
                canEdit={own}
                savedValue={user.dateOfBirth ?? ''}
                type="date"
                min={EARLIEST_BIRTHDAY}
                max={today}
                helperText="Leave empty to remove your birthday."
                validate={(value, input) => {
                  // A half-typed date reads as empty: say so instead of removing the birthday.
                  if (input?.validity.badInput) return BIRTHDAY_MESSAGE;
                  return value === '' ? null : birthdayProblem(value, today);
                }}
                savedMessage={SAVED}
                onSave={(value) => save({ dateOfBirth: value === '' ? null : value })}
              />
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
