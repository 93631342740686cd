/**
 * «Mi perfil» before its page's code has arrived: the heading at once, and the citizen's details (the
 * profile is asked for with the first bundle, AppRoutes.preloadPage) as the page draws them
 * (ProfileDetails), with a loader below for the documents and sign-in methods. The page then takes its
 * place without anything moving. What is drawn from the profile is inert and hidden from assistive
 * technology (it is replaced when the page arrives, and focus inside it would be lost then); the
 * loader says the profile is loading.
 */
import { Stack, Title } from '@mantine/core';
import { useProfile } from '../../../api/profile';
import { DrawnBeforeCode } from '../../../components/DrawnBeforeCode';
import { PROFILE_TITLE, ProfileDetails, ProfileLoading } from './ProfileDetails';

export function ProfileFrame() {
  const { data: profile } = useProfile();
  return (
    <Stack gap="lg">
      <Title order={1}>{PROFILE_TITLE}</Title>
      {profile ? (
        <DrawnBeforeCode loading="Cargando su perfil">
          <ProfileDetails profile={profile} />
        </DrawnBeforeCode>
      ) : (
        <ProfileLoading />
      )}
    </Stack>
  );
}
